import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoSupport

/// The one way photolib opens a file it reads: nothing but a regular file, never blocking on
/// a FIFO, and never more than the size `fstat` gave.
@Suite struct RegularFileTests {
    private func fifo(in folder: TemporaryDirectory) throws -> RawPath {
        let path = folder.path.appending("photo.jpg")
        try #require(path.withCString { mkfifo($0, 0o644) } == 0)
        return path
    }

    private func special(_ error: FileSystemError) -> String? {
        if case .special(let kind) = error.reason { return kind }
        return nil
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryDirectory()
        let path = try fifo(in: folder)
        let opened = try #require(throws: FileSystemError.self) { try RegularFile(path) }
        #expect(special(opened) == "a FIFO")
        #expect(opened.description == "\(path): a FIFO, not a regular file; photolib reads only regular files")
        let read = try #require(throws: FileSystemError.self) { try FileSystem.readFile(path) }
        #expect(special(read) == "a FIFO")
        let hashed = try #require(throws: FileSystemError.self) { try ContentHash.ofFile(at: path) }
        #expect(special(hashed) == "a FIFO")
    }

    @Test func aDeviceAFolderAndALinkWhereNoneIsFollowedAreRefused() throws {
        #expect(
            special(try #require(throws: FileSystemError.self) { try RegularFile(RawPath("/dev/zero")) })
                == "a character device")
        let folder = try TemporaryDirectory()
        #expect(special(try #require(throws: FileSystemError.self) { try RegularFile(folder.path) }) == "a folder")
        let link = folder.path.appending("zero.jpg")
        try #require(link.withCString { symlink("/dev/zero", $0) } == 0)
        // Followed, the link leads to a device; not followed, it is a link.
        #expect(special(try #require(throws: FileSystemError.self) { try RegularFile(link) }) == "a character device")
        #expect(
            special(try #require(throws: FileSystemError.self) { try RegularFile(link, followingSymlink: false) })
                == "a symlink")
        let handle = try DirectoryHandle.open(root: folder.path)
        #expect(
            special(try #require(throws: FileSystemError.self) { try RegularFile(RawPath("zero.jpg"), in: handle) })
                == "a symlink")
    }

    /// A link to a regular file is read as the file (symlinked originals are followed).
    @Test func aLinkToARegularFileIsRead() throws {
        let folder = try TemporaryDirectory()
        let target = folder.path.appending("photo.jpg")
        try FileSystem.writeAtomically(Array("pixels".utf8), to: target)
        let link = folder.path.appending("link.jpg")
        try #require(link.withCString { symlink(target.description, $0) } == 0)
        #expect(try FileSystem.readFile(link) == Array("pixels".utf8))
    }

    /// A file that grows or shrinks between the open and the read is not a whole file.
    @Test(arguments: [true, false])
    func aFileChangedAfterItWasOpenedIsChangedDuringRead(grows: Bool) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("photo.jpg")
        try FileSystem.writeAtomically([UInt8](repeating: 7, count: 10_000), to: path)
        let file = try RegularFile(path)
        #expect(file.size == 10_000)
        let handle = try #require(FileHandle(forUpdatingAtPath: path.description))
        if grows {
            handle.seekToEndOfFile()
            handle.write(Data([1, 2, 3]))
        } else {
            handle.truncateFile(atOffset: 5_000)
        }
        handle.closeFile()
        var memory = [UInt8](repeating: 0, count: 20_000)
        let error = try #require(throws: FileSystemError.self) {
            try memory.withUnsafeMutableBufferPointer { buffer in
                try file.readAll { _ in buffer.baseAddress! }
            }
        }
        #expect(error.reason == .changedDuringRead)
    }
}
