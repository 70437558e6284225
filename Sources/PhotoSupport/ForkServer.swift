import Foundation

/// A process that runs each request in a child it forks for it: a crash is that request's
/// alone, as with a program started per request, without starting a program each time (a
/// static photolib takes 4 to 5 ms to start, a fork of a small process a fraction of one).
///
/// The client starts the server program with one end of a `SOCK_SEQPACKET` socket pair as its
/// stdin. A request is one message: its bytes, and the write end of a fresh pipe attached
/// (`SCM_RIGHTS`). The server forks; the child closes the socket, writes its reply into the
/// pipe and exits; the server closes its copy of the pipe, waits for the child and sends how
/// it ended as one message. So the client reads the pipe to its end (the child's exit closes
/// it), then the ending. The server forks only while it has a single thread (the child of a
/// multi-threaded process may find locks held by threads that do not exist in it): it counts
/// its threads before each fork and refuses otherwise.
package enum ForkServer {
    /// The longest request: a path and a few numbers.
    static let maximumRequest = 64 << 10

    /// What the server sends after each request: how the child ended, or why there was none.
    enum Reply: Int32 {
        case ended = 0
        case notForked = 1
        case refused = 2
    }

    /// Serves the requests arriving on `socket` until the client closes it; `handle` runs in
    /// the child forked for each. Returns the exit status for the server's process.
    package static func serve(socket: Int32, handle: ([UInt8]) -> [UInt8]) -> Int32 {
        var message = [UInt8](repeating: 0, count: maximumRequest)
        while true {
            var pipe: Int32 = -1
            let length = message.withUnsafeMutableBytes { receive(socket, into: $0, descriptor: &pipe) }
            if length < 0, errno == EINTR { continue }
            guard length > 0 else { return length == 0 ? 0 : 1 }
            guard pipe >= 0, threadCount() == 1 else {
                if pipe >= 0 { close(pipe) }
                guard send(socket, .refused, 0) else { return 0 }
                continue
            }
            let child = fork()
            if child == 0 {
                close(socket)
                let reply = handle(Array(message[..<length]))
                _exit(FileSystem.writeAll(reply, to: pipe) ? 0 : 1)
            }
            let forkError = errno
            close(pipe)
            guard child > 0 else {
                guard send(socket, .notForked, forkError) else { return 0 }
                continue
            }
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            // A client that went away ends the server.
            guard send(socket, .ended, status) else { return 0 }
        }
    }

    /// One message from `socket` into `buffer`, and the descriptor attached to it (or -1).
    /// Returns the message's length, 0 at the end, -1 on failure (errno says why), or -1 with
    /// `EMSGSIZE` for a message longer than the buffer.
    static func receive(_ socket: Int32, into buffer: UnsafeMutableRawBufferPointer, descriptor: inout Int32) -> Int {
        var vector = iovec(iov_base: buffer.baseAddress, iov_len: buffer.count)
        var control = [UInt8](repeating: 0, count: controlLength)
        return control.withUnsafeMutableBytes { control in
            var header = msghdr()
            header.msg_iovlen = 1
            header.msg_control = control.baseAddress
            header.msg_controllen = control.count
            let length = withUnsafeMutablePointer(to: &vector) { vectorPointer in
                header.msg_iov = vectorPointer
                return recvmsg(socket, &header, Int32(MSG_CMSG_CLOEXEC))
            }
            if header.msg_controllen >= MemoryLayout<cmsghdr>.size + 4,
                control.load(fromByteOffset: 8, as: Int32.self) == SOL_SOCKET,
                control.load(fromByteOffset: 12, as: Int32.self) == Int32(SCM_RIGHTS)
            {
                descriptor = control.load(fromByteOffset: MemoryLayout<cmsghdr>.size, as: Int32.self)
            }
            guard header.msg_flags & Int32(MSG_TRUNC) == 0 else {
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
                errno = EMSGSIZE
                return -1
            }
            return length
        }
    }

    /// Sends `bytes` on `socket` as one message, with `descriptor` attached. False when the
    /// other end is gone.
    static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer, descriptor: Int32) -> Bool {
        var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count)
        var control = [UInt8](repeating: 0, count: controlLength)
        return control.withUnsafeMutableBytes { control in
            // A `cmsghdr` (length, level, type) and the descriptor: what CMSG_SPACE(4) holds.
            control.storeBytes(of: MemoryLayout<cmsghdr>.size + 4, toByteOffset: 0, as: Int.self)
            control.storeBytes(of: SOL_SOCKET, toByteOffset: 8, as: Int32.self)
            control.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: 12, as: Int32.self)
            control.storeBytes(of: descriptor, toByteOffset: MemoryLayout<cmsghdr>.size, as: Int32.self)
            return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                var header = msghdr()
                header.msg_iov = vectorPointer
                header.msg_iovlen = 1
                header.msg_control = control.baseAddress
                header.msg_controllen = control.count
                while true {
                    let sent = sendmsg(socket, &header, Int32(MSG_NOSIGNAL))
                    if sent < 0, errno == EINTR { continue }
                    return sent == bytes.count
                }
            }
        }
    }

    /// The server's reply: what happened and its value (a wait status or an errno).
    private static func send(_ socket: Int32, _ reply: Reply, _ value: Int32) -> Bool {
        let words = [reply.rawValue, value]
        return words.withUnsafeBytes { bytes in
            while true {
                let sent = Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                return sent == bytes.count
            }
        }
    }

    /// Room for one `SCM_RIGHTS` descriptor: CMSG_SPACE(sizeof(int)) on 64-bit Linux.
    private static let controlLength = MemoryLayout<cmsghdr>.size + 8

    /// The threads of this process (entries of /proc/self/task), or 0 when it cannot say.
    static func threadCount() -> Int {
        guard let directory = opendir("/proc/self/task") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count
    }
}
