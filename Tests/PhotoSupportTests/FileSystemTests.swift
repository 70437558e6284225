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

    /// A file longer than the size `fstat` gave (procfs says 0 for a file that holds pages)
    /// is not read on without end: what was read is not a whole file of that size.
    @Test func aFileLongerThanItsSizeIsChangedDuringRead() throws {
        let path = RawPath("/proc/self/maps")
        #expect(FileSystem.status(path)?.st_size == 0)
        let error = try #require(throws: FileSystemError.self) { try FileSystem.readFile(path) }
        #expect(error.reason == .changedDuringRead)
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
