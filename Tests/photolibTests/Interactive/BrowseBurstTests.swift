import Foundation
import PhotoTestSupport
import Testing

/// Issue 30: a burst is one cell of `browse` and `pick`, with ⧉ and its number of frames;
/// `b` opens it into its frames in place, `b` or Esc closes it where the grid was; `pick`
/// picks the cell's frame, or, with the burst open, the frame under the cursor. Real JPEGs
/// carry Apple's MakerNote `BurstUUID`; exiftool, the oracle, says which files are frames of
/// which burst, and the cells and counts expected are worked out from its answers.
@Suite struct BrowseBurstTests {
    static let first = "7A1C3E5F-0B2D-4F6A-8C9E-1D3B5F7A9C0E"
    static let second = "0C2E4A6B-1D3F-4B5A-9C8E-2F4A6B8C0D1E"

    /// Three frames of one burst, two of another, two photos of none, named so that path
    /// order is the grid's (they carry no date): a burst's first frame comes first.
    static let files: [(name: String, pattern: Int, burst: String?)] = [
        ("IMG_0001.jpg", 0, first), ("IMG_0002.jpg", 1, first), ("IMG_0003.jpg", 2, first),
        ("IMG_0011.jpg", 1, second), ("IMG_0012.jpg", 2, second),
        ("IMG_0021.jpg", 0, nil), ("IMG_0022.jpg", 2, nil),
    ]

    static func library(_ backend: CatalogBackend) throws -> TestLibrary {
        let library = try TestLibrary()
        for file in files {
            try BurstIdentityTests.photo(pattern: file.pattern, burst: file.burst, to: library.url(file.name))
        }
        let made = try BinaryRunner.run(["init"] + backend.initArguments() + [library.root.path])
        #expect(made.status == 0, "\(made.stderr)")
        let indexed = try library.run(["index", "--no-renditions"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        return library
    }

    /// The cells the grid should show, from exiftool's reading of the files: each file of no
    /// burst, and the first file of each burst with how many frames it has.
    static func expectedCells(_ library: TestLibrary) throws -> [(name: String, frames: Int?)] {
        var burstOf: [String: String] = [:]
        for file in files {
            let read = String(
                decoding: try MovieClips.run(MovieClips.exiftool, ["-s3", "-BurstUUID", library.url(file.name).path]),
                as: UTF8.self
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            if !read.isEmpty { burstOf[file.name] = read.uppercased() }
        }
        var cells: [(name: String, frames: Int?)] = []
        var seen: Set<String> = []
        for file in files.map(\.name).sorted() {
            guard let burst = burstOf[file] else {
                cells.append((file, nil))
                continue
            }
            if seen.insert(burst).inserted {
                cells.append((file, burstOf.values.filter { $0 == burst }.count))
            }
        }
        return cells
    }

    @Test(
        .enabled(if: MovieClips.exiftool != nil, "exiftool is needed as the oracle"),
        arguments: CatalogBackend.all)
    func aBurstIsOneCellThatOpensAndCloses(_ backend: CatalogBackend) throws {
        let library = try Self.library(backend)
        let cells = try Self.expectedCells(library)
        #expect(cells.count == 4 && cells.compactMap(\.frames) == [3, 2], "\(cells)")

        let terminal = try library.launch(["browse", "--image", "none"])
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/\(cells.count) ") == true }, "\(terminal.screen.text)")
        // Every cell's caption as the oracle says: ⧉ and the count on a burst's cell only.
        for cell in cells {
            let caption = (cell.frames.map { "⧉\($0) " } ?? "") + cell.name
            #expect(terminal.wait { $0.text.contains(" " + caption) }, "\(caption): \(terminal.screen.text)")
        }
        #expect(!terminal.screen.text.contains("IMG_0002.jpg") && !terminal.screen.text.contains("IMG_0012.jpg"))
        #expect(terminal.statusLine.contains("b open"), "\(terminal.statusLine)")

        // b opens the first burst in place: its three frames, no badge, the cursor on the first.
        terminal.type("b")
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/3 ") == true }, "\(terminal.screen.text)")
        #expect(terminal.statusLine.contains("burst of 3"))
        #expect(terminal.wait { $0.text.contains("IMG_0003.jpg") })
        for name in ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg"] { #expect(terminal.screen.text.contains(name)) }
        #expect(!terminal.screen.text.contains("⧉") && !terminal.screen.text.contains("IMG_0011.jpg"))
        // Peek compares the frames: → goes to the next one.
        terminal.type(Keys.right + " ")
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 2/3 ") == true && $0.text.contains("Peek: IMG_0002.jpg") })
        terminal.type(" ")

        // Esc closes it: the grid as it was, cursor and all.
        terminal.type(Keys.escape)
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/4 ") == true }, "\(terminal.screen.text)")
        #expect(terminal.wait { !$0.text.contains("IMG_0002.jpg") && $0.text.contains("⧉3 IMG_0001.jpg") })

        // The second burst, opened and closed with b; the cursor comes back to its cell.
        terminal.type(Keys.right + "b")
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/2 ") == true }, "\(terminal.screen.text)")
        #expect(terminal.wait { $0.text.contains("IMG_0012.jpg") && !$0.text.contains("IMG_0001.jpg") })
        terminal.type("b")
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 2/4 ") == true }, "\(terminal.screen.text)")

        // A photo of no burst does not open.
        terminal.type(Keys.right + "b")
        #expect(terminal.wait { $0.lines.last?.contains("not a burst") == true }, "\(terminal.screen.text)")

        // A filter that lets one frame through: that frame is the cell, without a count.
        terminal.type("/0002" + Keys.enter)
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/1 ") == true }, "\(terminal.screen.text)")
        #expect(terminal.wait { $0.text.contains(" IMG_0002.jpg") && !$0.text.contains("⧉") })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }

    @Test(.enabled(if: MovieClips.exiftool != nil, "exiftool is needed as the oracle"))
    func pickTakesTheCellOrTheFrameOpened() throws {
        let library = try Self.library(.sqlite)
        let output = library.root.appendingPathComponent("pick-stdout")
        let closed = try library.launch(["pick", "--image", "none"], standardOutput: output.path)
        #expect(closed.wait { $0.text.contains("⧉3 IMG_0001.jpg") }, "\(closed.screen.text)")
        closed.type(Keys.enter)
        #expect(closed.waitForExit() == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == library.url("IMG_0001.jpg").path + "\n")

        let opened = try library.launch(["pick", "--image", "none"], standardOutput: output.path)
        #expect(opened.wait { $0.text.contains("⧉3 IMG_0001.jpg") }, "\(opened.screen.text)")
        opened.type("b")
        #expect(opened.wait { $0.lines.last?.hasPrefix(" 1/3 ") == true }, "\(opened.screen.text)")
        opened.type(Keys.right + Keys.right + Keys.enter)
        #expect(opened.waitForExit() == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == library.url("IMG_0003.jpg").path + "\n")
        opened.expectRestored()
    }
}
