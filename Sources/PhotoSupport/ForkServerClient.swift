import Foundation

/// Why a request to a fork server has no reply.
package enum ForkServerError: Error, Equatable {
    /// The server is gone (it ended, or was killed): a new one may serve.
    case serverGone
    /// The server could not fork (errno), or would not (it has more than one thread).
    case notForked(Int32)
    case refused
    /// The child wrote more than the maximum; it was cut off.
    case tooMuchOutput
    /// A pipe or socket could not be made (errno).
    case system(Int32)
}

/// The client's side of a `ForkServer`: starts the server program, sends it requests one at a
/// time, and stops it (closing its socket ends it) when released. Not `Sendable`: one client
/// per thread, like the decoders that own one.
package final class ForkServerClient {
    private let socket: Int32
    /// The server's process.
    package let server: pid_t

    /// Starts `program` with `arguments`, a `ForkServer` on its stdin.
    package init(program: String, arguments: [String]) throws {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw FileSystemError(path: RawPath(program), errno: errno, operation: "socketpair")
        }
        defer { close(ends[1]) }
        do {
            server = try ChildProcess.spawn(
                program, arguments: arguments.map { Array($0.utf8) }, stdin: ends[1], stdout: nil)
        } catch {
            close(ends[0])
            throw error
        }
        socket = ends[0]
    }

    deinit {
        close(socket)
        _ = ChildProcess.wait(for: server)
    }

    /// Runs `request` in a child of the server, reads what it writes into `output` (at most
    /// `maximumOutput` bytes), and says how it ended.
    package func run(
        _ request: [UInt8], into output: ReadBuffer, maximumOutput: Int
    ) throws(ForkServerError)
        -> ChildEnding
    {
        guard let ends = try? ChildProcess.pipe(for: "the fork server") else { throw .system(errno) }
        let sent = request.withUnsafeBytes { ForkServer.send(socket, $0, descriptor: ends.write) }
        // The child holds the only write end now: its exit ends the reading.
        close(ends.write)
        guard sent else {
            close(ends.read)
            throw .serverGone
        }
        let complete = output.readToEnd(from: ends.read, maximum: maximumOutput)
        // Closed before the wait: a child cut off fails its next write and ends.
        close(ends.read)
        var words: [Int32] = [0, 0]
        let received = words.withUnsafeMutableBytes { bytes in
            while true {
                let count = recv(socket, bytes.baseAddress, bytes.count, 0)
                if count < 0, errno == EINTR { continue }
                return count
            }
        }
        guard received == 8, let reply = ForkServer.Reply(rawValue: words[0]) else { throw .serverGone }
        switch reply {
        case .notForked: throw .notForked(words[1])
        case .refused: throw .refused
        case .ended:
            guard complete else { throw .tooMuchOutput }
            return ChildEnding(waitStatus: words[1])
        }
    }
}
