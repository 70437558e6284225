import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import PhotoLibrary

/// The watcher's parts on a real folder: inotify's events as the kernel sends them, the
/// queue's waits, the names taken for temporaries and the mount table.
@Suite struct WatchingTests {
    @Test func inotifyReportsACloseAndAMovePairedByCookie() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let inotify = try Inotify()
        let watch = try inotify.addWatch(folder.path)
        try Data([1, 2, 3]).write(to: folder.url.appendingPathComponent(".photo.jpg.tmp1"))
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent(".photo.jpg.tmp1"), to: folder.url.appendingPathComponent("photo.jpg")
        )
        let events = try inotify.wait(timeout: 5)
        let names = events.map { String(decoding: $0.name, as: UTF8.self) }
        #expect(events.allSatisfy { $0.watch == watch })
        let closed = try #require(events.firstIndex { $0.has(IN_CLOSE_WRITE) })
        #expect(names[closed] == ".photo.jpg.tmp1")
        let from = try #require(events.first { $0.has(IN_MOVED_FROM) })
        let to = try #require(events.first { $0.has(IN_MOVED_TO) })
        #expect(from.cookie == to.cookie && from.cookie != 0)
        #expect(String(decoding: to.name, as: UTF8.self) == "photo.jpg")
        // Nothing more: the wait times out empty.
        #expect(try inotify.wait(timeout: 0.05).isEmpty)
    }

    @Test func aMissingFolderIsATypedError() throws {
        let inotify = try Inotify()
        #expect(throws: InotifyError.self) { try inotify.addWatch(RawPath("/nonexistent-\(UUID())")) }
    }

    @Test func temporaryNames() {
        for name in [
            ".foo.jpg.XXXX", ".syncthing.foo.jpg.tmp", ".foo.jpg.a1b2c3", "foo.jpg.part", "foo.jpg.tmp",
            "foo.jpg_exiftool_tmp", "foo.jpg~",
        ] {
            #expect(TemporaryNames.isTemporary(Array(name.utf8), includeHidden: false), "\(name)")
        }
        #expect(TemporaryNames.isTemporary(Array(".syncthing.a.jpg.tmp".utf8), includeHidden: true))
        #expect(TemporaryNames.isTemporary(Array(".a.jpg.Zx81Qa".utf8), includeHidden: true))
        #expect(!TemporaryNames.isTemporary(Array(".hidden.jpg".utf8), includeHidden: true))
        #expect(!TemporaryNames.isTemporary(Array("IMG_0001.JPG".utf8), includeHidden: false))
    }

    @Test func aClosedFileWaitsLessThanOneStillOpen() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try Data([1]).write(to: folder.url.appendingPathComponent("closed.jpg"))
        try Data([1]).write(to: folder.url.appendingPathComponent("open.jpg"))
        // Files last written a minute ago: their modification time does not hold them back.
        let old = Date().addingTimeInterval(-60)
        for name in ["closed.jpg", "open.jpg"] {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: folder.url.appendingPathComponent(name).path)
        }
        var queue = WatchQueue(settle: 2)
        let t = Date().timeIntervalSince1970
        queue.fileChanged(RawPath("closed.jpg"), closed: true, now: t)
        queue.fileChanged(RawPath("open.jpg"), closed: false, now: t)
        let tooSoon = queue.take(now: t + 0.05, root: folder.path)
        #expect(tooSoon == nil)
        // Closed: taken with the first batch, the debounce after its event, not after a quiet time.
        let taken = queue.take(now: t + queue.debounce, root: folder.path)
        let first = try #require(taken)
        #expect(first.files == [RawPath("closed.jpg")])
        let stillOpen = queue.take(now: t + 1, root: folder.path)
        #expect(stillOpen == nil)
        let settled = queue.take(now: t + 2.1, root: folder.path)
        let second = try #require(settled)
        #expect(second.files == [RawPath("open.jpg")])
        #expect(queue.isEmpty)
    }

    @Test func aFileGoneWhileWaitingIsPassedAsGone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var queue = WatchQueue(settle: 2)
        let t = Date().timeIntervalSince1970
        queue.fileChanged(RawPath("a/vanished.jpg"), closed: true, now: t)
        let taken = queue.take(now: t + 1, root: folder.path)
        let changes = try #require(taken)
        #expect(changes.files.isEmpty && changes.gone == [RawPath("a/vanished.jpg")])
    }

    @Test func mountsTellNetworkFolders() {
        let table = """
            /dev/sda1 / ext4 rw 0 0
            server:/photos /mnt/nas nfs4 rw 0 0
            //host/share /mnt/my\\040share cifs rw 0 0
            sshfs#me@host: /home/me/remote fuse.sshfs rw 0 0
            """
        let mounts = NetworkFileSystem(table: table)
        #expect(mounts.kind(at: RawPath("/home/me/Pictures")) == nil)
        #expect(mounts.kind(at: RawPath("/mnt/nas/2024")) == "nfs4")
        #expect(mounts.kind(at: RawPath("/mnt/nasty")) == nil)
        #expect(mounts.kind(at: RawPath("/mnt/my share/a")) == "cifs")
        #expect(mounts.kind(at: RawPath("/home/me/remote")) == "fuse.sshfs")
    }
}
