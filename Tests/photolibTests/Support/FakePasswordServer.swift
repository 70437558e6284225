import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A pretend PostgreSQL server on 127.0.0.1 that asks every client for its password in clear
/// (AuthenticationCleartextPassword) and records what comes: what a hostile library's
/// `catalog` address would point at. It declines TLS and GSS encryption ('N'), as a server
/// that wants the password in clear would.
final class FakePasswordServer: @unchecked Sendable {
    /// What the server saw, in order: `ssl-request`, `gss-request`, `startup`, `password:TEXT`.
    var messages: [String] { lock.withLock { received } }
    let port: Int

    private let listener: Int32
    private let lock = NSLock()
    private var received: [String] = []

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Stops accepting (the thread's `accept` then fails and it ends).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func record(_ message: String) { lock.withLock { received.append(message) } }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            converse(client)
            close(client)
        }
    }

    /// The startup (after declining encryption), the request for a password in clear, and
    /// the password message if one comes.
    private func converse(_ client: Int32) {
        while true {
            guard let length = readInt32(client), (8...10_000).contains(length),
                let body = readExactly(client, Int(length) - 4)
            else { return }
            switch body.prefix(4).reduce(0, { $0 << 8 | Int($1) }) {
            case 80_877_103: record("ssl-request")
            case 80_877_104: record("gss-request")
            default:
                record("startup")
                write(client, [0x52, 0, 0, 0, 8, 0, 0, 0, 3])  // 'R', length 8, cleartext password
                guard readExactly(client, 1) == [0x70], let length = readInt32(client),
                    (4...10_000).contains(length), let password = readExactly(client, Int(length) - 4)
                else { return }
                record("password:" + String(decoding: password.prefix { $0 != 0 }, as: UTF8.self))
                return
            }
            write(client, [0x4E])  // 'N': no TLS, no GSS encryption here
        }
    }

    private func write(_ client: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    private func readInt32(_ client: Int32) -> Int32? {
        readExactly(client, 4).map { Int32(bitPattern: $0.reduce(0) { $0 << 8 | UInt32($1) }) }
    }

    private func readExactly(_ client: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { recv(client, $0.baseAddress! + done, count - done, 0) }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
