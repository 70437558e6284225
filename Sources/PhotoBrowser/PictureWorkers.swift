import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

/// Draws pictures on background threads, nearest the cursor first, making any rendition
/// that does not exist yet on the way; the screen never waits for a decode it can do without.
///
/// The browser replaces the queue whenever the view moves (so what scrolled away is never
/// drawn) and collects results when `wakeDescriptor` becomes readable. All mutable state is
/// behind `condition`'s lock.
final class PictureWorkers: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [PictureJob] = []
    private var inFlight: Set<PictureRequest> = []
    private var finished: [(PictureRequest, PictureResult)] = []
    private var stopped = false
    private var style: PictureStyle
    private let library: Library
    private let environment: [String: String]
    /// Readable when results are waiting.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32

    init(library: Library, style: PictureStyle, environment: [String: String], threads: Int) throws {
        self.library = library
        self.style = style
        self.environment = environment
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw TerminalError(path: "pipe", reason: .settingRefused(errno: errno))
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = descriptors[0]
        wakeWriter = descriptors[1]
        for _ in 0..<max(1, threads) {
            let thread = Thread { [self] in work() }
            thread.name = "photolib-pictures"
            thread.start()
        }
    }

    /// Lets the threads end after what they are drawing now. The pipe stays open until then.
    func stop() {
        condition.lock()
        stopped = true
        queue = []
        condition.broadcast()
        condition.unlock()
    }

    /// Draws these next, in this order, instead of whatever was waiting.
    func replaceQueue(_ jobs: [PictureJob]) {
        condition.lock()
        queue = jobs.filter { !inFlight.contains($0.request) }
        condition.broadcast()
        condition.unlock()
    }

    /// True while the request is being drawn (so it need not be queued again).
    func isDrawing(_ request: PictureRequest) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return inFlight.contains(request)
    }

    /// Changes how pictures are drawn from the next one on.
    func setStyle(_ style: PictureStyle) {
        condition.lock()
        self.style = style
        condition.unlock()
    }

    /// The pictures finished since the last call.
    func takeResults() -> [(PictureRequest, PictureResult)] {
        var byte = [UInt8](repeating: 0, count: 256)
        while read(wakeDescriptor, &byte, byte.count) > 0 {}
        condition.lock()
        defer { condition.unlock() }
        let results = finished
        finished = []
        return results
    }

    private func work() {
        let maker = RenditionMaker(settings: library.settings, store: RenditionStore(library: library))
        let picture = TerminalPicture(environment: environment)
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            inFlight.insert(job.request)
            let style = self.style
            condition.unlock()

            let result = draw(job, style: style, maker: maker, picture: picture)

            condition.lock()
            inFlight.remove(job.request)
            finished.append((job.request, result))
            condition.unlock()
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        }
    }

    private func draw(
        _ job: PictureJob, style: PictureStyle, maker: RenditionMaker, picture: TerminalPicture
    ) -> PictureResult {
        let request = job.request
        do {
            let spec = RenditionSpec.standard(request.kind, settings: library.settings)
            var path = try request.contentHash.map {
                try RenditionStore(library: library).path(contentHash: $0, spec: spec)
            }
            if (path.flatMap { FileSystem.status($0)?.st_size } ?? 0) <= 0 {
                guard !job.missing else { return .failed("the original is missing; run photolib index") }
                if let reason = job.undecodable { return .failed(reason) }
                // Without a content hash the maker reads the original whole to name the files.
                let made = try maker.make(
                    source: job.original, contentHash: request.contentHash, orientation: job.orientation,
                    kinds: [.thumbnail, .preview], force: false)
                path = made[request.kind]?.path
            }
            guard let path else { return .failed("no rendition was made") }
            let bytes = try picture.render(
                jpegAt: path, columns: request.columns, rows: request.rows, method: style.method,
                colors: style.colors, cellSize: style.cell)
            if style.method == .symbols {
                let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                return .drawn(
                    DrawnPicture(
                        columns: lines.map(Self.visibleColumns).max() ?? 0, rows: lines.count, lines: lines,
                        pixels: []))
            }
            let size = job.pixelSize ?? (request.columns, request.rows)
            let cells = TerminalPicture.fittedCells(
                width: size.width, height: size.height, columns: request.columns, rows: request.rows,
                cellSize: style.cell)
            return .drawn(DrawnPicture(columns: cells.columns, rows: cells.rows, lines: [], pixels: bytes))
        } catch let error as any PhotolibError {
            return .failed(error.description)
        } catch {
            return .failed("\(error)")
        }
    }

    /// The cells a row of symbols takes: its characters, escape sequences not counted.
    static func visibleColumns(_ line: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte == 0x1B {
                // CSI: parameters up to a final byte in 0x40...0x7E.
                index += 2
                while index < line.count, !(0x40...0x7E).contains(line[index]) { index += 1 }
                index += 1
                continue
            }
            // Count the first byte of each UTF-8 character.
            if byte & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }
}
