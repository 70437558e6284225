import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoSupport

/// The one walker, in its two uses: over photos (the indexer) and over folders photolib owns
/// (verify, the clean-up of abandoned temporaries).
@Suite struct FileWalkerTests {
    let folder: TemporaryDirectory

    /// a.jpg, .hidden.jpg, sub/b.jpg, .photolib/c.jpg, a link to sub (a folder), a link to
    /// a.jpg, a link back to the root (a loop), a broken link and a socket.
    init() throws {
        folder = try TemporaryDirectory()
        for name in ["a.jpg", ".hidden.jpg", "sub/b.jpg", ".photolib/c.jpg"] {
            try FileSystem.createDirectory(path(name).parent)
            try FileSystem.writeAtomically(Array(name.utf8), to: path(name))
        }
        try link("sub-link", to: "sub")
        try link("a-link.jpg", to: "a.jpg")
        try link("sub/loop", to: "..")
        try link("broken.jpg", to: "absent.jpg")
        let socket = UnixSocket.bindSocket(at: path("socket"))
        #expect(socket >= 0)
        close(socket)
    }

    func path(_ relative: String) -> RawPath { folder.path.appending(relative) }

    func link(_ name: String, to target: String) throws {
        guard symlink(target, path(name).description) == 0 else {
            throw FileSystemError(path: path(name), errno: errno, operation: "symlink")
        }
    }

    func relative(_ paths: [RawPath]) -> [String] {
        paths.compactMap { $0.relative(to: folder.path)?.description }.sorted()
    }

    @Test func overPhotosFollowsLinksOnceAndListsRegularFiles() {
        let walk = FileWalker(skippedNames: [Array(".photolib".utf8)]).walk([folder.path])
        // sub is reached twice (itself and sub-link; which comes first is the folder's order)
        // and the root again through sub/loop: each folder is entered once.
        let files = relative(walk.files.map(\.path))
        #expect(files == ["a-link.jpg", "a.jpg", "sub/b.jpg"] || files == ["a-link.jpg", "a.jpg", "sub-link/b.jpg"])
        let problems = walk.problems.map { ($0.path.relative(to: folder.path)?.description, $0.reason, $0.code) }
        #expect(problems.count == 1)
        #expect(problems.first?.0 == "broken.jpg" && problems.first?.1 == "broken symlink")
        #expect(problems.first?.2 == ENOENT)
        let a = walk.files.first { $0.path == path("a.jpg") }
        #expect(a?.size == 5 && a?.modifiedNanoseconds == FileSystem.status(path("a.jpg"))?.modifiedNanoseconds)

        let hidden = FileWalker(includeHidden: true).walk([folder.path])
        #expect(relative(hidden.files.map(\.path)).contains(".hidden.jpg"))
        #expect(relative(hidden.files.map(\.path)).contains(".photolib/c.jpg"))
    }

    @Test func overOwnedFoldersListsEveryEntryAndFollowsNoLink() throws {
        #expect(
            relative(try FileWalker.entries(under: folder.path)) == [
                ".hidden.jpg", ".photolib/c.jpg", "a-link.jpg", "a.jpg", "broken.jpg", "socket", "sub-link",
                "sub/b.jpg", "sub/loop",
            ])
        #expect(try FileWalker.entries(under: path("absent")) == [])
        let error = try #require(throws: FileSystemError.self) { try FileWalker.entries(under: path("a.jpg/x")) }
        #expect(error.reason == .notADirectory)
    }
}

/// A Unix-domain socket bound at a path (a kind of entry a walk meets in the wild).
private enum UnixSocket {
    static func bindSocket(at path: RawPath) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = path.bytes
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return bound == 0 ? descriptor : -1
    }
}
