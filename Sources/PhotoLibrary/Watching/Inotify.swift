import Foundation
import PhotoSupport

/// One inotify instance: the watches on some folders and the events the kernel queues for them.
///
/// The descriptor is owned here and closed in `deinit`. `wait` blocks in `poll` until an event
/// arrives, another descriptor is readable (a signal's pipe) or the timeout passes, so a
/// watcher at rest costs no CPU.
public final class Inotify {
    public let descriptor: Int32
    /// Bytes read at once: room for a few hundred events with names.
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    public init() throws(InotifyError) {
        let descriptor = inotify_init1(Int32(truncatingIfNeeded: Int(IN_CLOEXEC) | Int(IN_NONBLOCK)))
        guard descriptor >= 0 else { throw InotifyError(reason: .initFailed(errno: errno)) }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// An `IN_*` constant as the mask's type (Glibc imports them with several integer types).
    public static func bit<Flag: BinaryInteger>(_ flag: Flag) -> UInt32 { UInt32(truncatingIfNeeded: flag) }

    /// What a folder's watch asks for: files closed after writing, moves, creations and
    /// deletions, and the folder itself going away. `IN_MODIFY` is there for writers that do
    /// not close (their files settle instead); `IN_ONLYDIR` refuses a path that became a file.
    public static let folderMask: UInt32 =
        Inotify.bit(IN_CLOSE_WRITE) | Inotify.bit(IN_MODIFY) | Inotify.bit(IN_CREATE) | Inotify.bit(IN_MOVED_FROM)
        | Inotify.bit(IN_MOVED_TO) | Inotify.bit(IN_DELETE) | Inotify.bit(IN_DELETE_SELF) | Inotify.bit(IN_MOVE_SELF)
        | Inotify.bit(IN_ATTRIB) | Inotify.bit(IN_ONLYDIR) | Inotify.bit(IN_DONT_FOLLOW) | Inotify.bit(IN_EXCL_UNLINK)

    /// Watches the folder at `path`; returns the watch descriptor events will carry.
    public func addWatch(_ path: RawPath, mask: UInt32 = Inotify.folderMask) throws(InotifyError) -> Int32 {
        let watch = path.withCString { inotify_add_watch(descriptor, $0, mask) }
        guard watch >= 0 else {
            let code = errno
            throw InotifyError(reason: code == ENOSPC ? .watchLimit : .addFailed(path: path, errno: code))
        }
        return watch
    }

    /// Stops a watch (one the kernel already dropped, with its folder, is no error).
    public func removeWatch(_ watch: Int32) { _ = inotify_rm_watch(descriptor, watch) }

    /// Waits up to `timeout` seconds (nil: for ever) for events or for `wakeDescriptor` to be
    /// readable; returns the events read (none on a timeout or a wake).
    public func wait(timeout: Double?, wakeDescriptor: Int32? = nil) throws(InotifyError) -> [InotifyEvent] {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        if let wakeDescriptor { fds.append(pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(max(0, min($0 * 1000, Double(Int32.max)))) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        if ready < 0 {
            if errno == EINTR { return [] }
            throw InotifyError(reason: .readFailed(errno: errno))
        }
        guard fds[0].revents & Int16(POLLIN) != 0 else { return [] }
        return try readAvailable()
    }

    /// Every event queued now, without blocking.
    public func readAvailable() throws(InotifyError) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return events }
                if errno == EINTR { continue }
                throw InotifyError(reason: .readFailed(errno: errno))
            }
            if count == 0 { return events }
            events.append(contentsOf: Self.parse(buffer[0..<count]))
        }
    }

    /// The events in `bytes`: each a `struct inotify_event` followed by its NUL-padded name.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        let headerSize = MemoryLayout<inotify_event>.size
        bytes.withUnsafeBytes { raw in
            var position = 0
            while position + headerSize <= raw.count {
                let watch = raw.loadUnaligned(fromByteOffset: position, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self)
                let cookie = raw.loadUnaligned(fromByteOffset: position + 8, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: position + 12, as: UInt32.self))
                let nameStart = position + headerSize
                guard nameStart + length <= raw.count else { break }
                var name = Array(raw[nameStart..<(nameStart + length)])
                while name.last == 0 { name.removeLast() }
                events.append(InotifyEvent(watch: watch, mask: mask, cookie: cookie, name: name))
                position = nameStart + length
            }
        }
        return events
    }
}

/// One event: which watch, what happened (`IN_*` bits), the cookie pairing a move's two
/// halves, and the name in the watched folder (empty for the folder itself).
public struct InotifyEvent: Sendable, Equatable {
    public var watch: Int32
    public var mask: UInt32
    public var cookie: UInt32
    public var name: [UInt8]

    public init(watch: Int32, mask: UInt32, cookie: UInt32 = 0, name: [UInt8] = []) {
        self.watch = watch
        self.mask = mask
        self.cookie = cookie
        self.name = name
    }

    /// True when `flag` (an `IN_*` constant) is set.
    public func has<Flag: BinaryInteger>(_ flag: Flag) -> Bool { mask & Inotify.bit(flag) != 0 }
    public var isFolder: Bool { has(IN_ISDIR) }
}

/// Why an inotify call failed.
public struct InotifyError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case initFailed(errno: Int32)
        /// `ENOSPC`: the user's watches are all taken (`fs.inotify.max_user_watches`).
        case watchLimit
        case addFailed(path: RawPath, errno: Int32)
        case readFailed(errno: Int32)
    }

    public var reason: Reason
    public init(reason: Reason) { self.reason = reason }

    public var kind: ErrorKind { .failure }

    public var description: String {
        switch reason {
        case .initFailed(let code): "inotify_init1: \(String(cString: strerror(code)))"
        case .watchLimit: "inotify watch limit reached (fs.inotify.max_user_watches)"
        case .addFailed(let path, let code): "\(path): inotify_add_watch: \(String(cString: strerror(code)))"
        case .readFailed(let code): "reading inotify events: \(String(cString: strerror(code)))"
        }
    }
}
