import Foundation
import PhotoSupport

/// One watcher per library: an exclusive `flock` on `.photolib/watch.lock`, which holds the
/// watcher's pid. The kernel lets go of it when the process dies, even by SIGKILL, so a
/// watcher that was killed never blocks the next.
public final class WatcherLock {
    static let fileName = RawPath("watch.lock")
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Takes the lock and writes this process's pid in it; throws `WatchError.alreadyWatching`
    /// with the holder's pid when another watcher has it. Opened through the library's
    /// control folder handle, never through a symlink.
    public static func take(in library: Library) throws -> WatcherLock {
        let descriptor = try open(library)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = readPid(descriptor)
            close(descriptor)
            throw WatchError(library: library.root, reason: .alreadyWatching(pid: holder))
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return WatcherLock(descriptor: descriptor)
    }

    /// The pid of the watcher holding the lock now; nil when none does.
    public static func holder(in library: Library) -> Int32? {
        guard let descriptor = try? open(library, create: false) else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { return nil }
        return readPid(descriptor) ?? 0
    }

    private static func open(_ library: Library, create: Bool = true) throws -> Int32 {
        let folder = try DirectoryHandle.open(root: library.controlDirectory)
        let flags = O_RDWR | O_NOFOLLOW | O_CLOEXEC | (create ? O_CREAT : 0)
        let descriptor = fileName.withCString { openat(folder.descriptor, $0, flags, 0o644) }
        guard descriptor >= 0 else {
            throw FileSystemError(path: library.controlDirectory.appending(fileName), errno: errno, operation: "open")
        }
        return descriptor
    }

    private static func readPid(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Why a watcher could not start or go on.
public struct WatchError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        /// Another `index --watch` has this library (its pid, when it could be read).
        case alreadyWatching(pid: Int32?)
    }

    public var library: RawPath
    public var reason: Reason

    public var kind: ErrorKind { .cannotCreate }

    public var description: String {
        switch reason {
        case .alreadyWatching(let pid):
            "\(library): already watched by 'photolib index --watch' (pid \(pid.map(String.init) ?? "unknown"))"
        }
    }
}
