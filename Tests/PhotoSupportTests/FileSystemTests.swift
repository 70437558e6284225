import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoSupport

@Suite struct FileSystemTests {
    /// The one whole-file reader: into an array, and into a worker's reused memory, which it
    /// asks once for the file's size and a byte more.
    @Test func readsWholeFilesInOneGo() throws {
        let storage = ReusedMemory()
        let samples = ["2015/bordeaux-art.jpg", "2016/progressive-tokyo.jpg", "no-exif.jpg", "README.md"].map {
            SampleFiles.root.appendingPathComponent($0)
        }
        // And the first corpus photos, when the corpus is here.
        let corpus = CorpusPhoto.all.prefix(20).map { URL(fileURLWithPath: $0.path) }
        for url in samples + corpus {
            let path = RawPath(url.path)
            let expected = [UInt8](try Data(contentsOf: url))
            #expect(try FileSystem.readFile(path) == expected)
            storage.requests = []
            let length = try FileSystem.readFile(path, reserve: storage.reserve)
            #expect(length == expected.count)
            #expect(UnsafeBufferPointer(start: storage.base, count: length).elementsEqual(expected))
            #expect(storage.requests == [max(expected.count + 1, 4096)])
        }
    }

    /// A file whose size `fstat` does not know (procfs says 0) is read on past the first room,
    /// again from its start whenever the memory moved.
    @Test func readsOnPastTheSizeFstatGave() throws {
        let path = RawPath("/proc/self/maps")
        #expect(FileSystem.status(path)?.st_size == 0)
        let storage = ReusedMemory()
        let length = try FileSystem.readFile(path, reserve: storage.reserve)
        #expect(length > 4096 && storage.requests.count > 1)
        let text = String(decoding: UnsafeBufferPointer(start: storage.base, count: length), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        // Every line is whole: an address range first.
        #expect(text.split(separator: "\n").allSatisfy { $0.split(separator: " ").first?.contains("-") == true })
        #expect(try FileSystem.readFile(path).count > 4096)
    }

    @Test func missingFileIsATypedError() throws {
        let error = try #require(throws: FileSystemError.self) {
            try FileSystem.readFile(SampleFiles.path("absent.jpg"))
        }
        #expect(error.reason == .notFound && error.kind == .noSuchInput)
    }
}

/// Memory that moves whenever it grows and keeps nothing, as a worker's buffer does.
private final class ReusedMemory {
    private(set) var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private var capacity = 1
    var requests: [Int] = []

    deinit { base.deallocate() }

    func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        requests.append(count)
        if count > capacity {
            base.deallocate()
            base = .allocate(capacity: count)
            capacity = count
        }
        return base
    }
}
