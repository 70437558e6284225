import Glibc
import PhotoSupport

/// Where `serve` listens: an IPv4 or IPv6 address and a port, from `--listen HOST:PORT`.
/// Host names other than `localhost` are refused rather than resolved: which interface a
/// name means is the user's to say, and a server that listens beyond loopback must say so.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public enum Host: Sendable, Equatable {
        case v4(in_addr_t)
        case v6(in6_addr)

        public static func == (lhs: Host, rhs: Host) -> Bool {
            switch (lhs, rhs) {
            case (.v4(let a), .v4(let b)): a == b
            case (.v6(var a), .v6(var b)): memcmp(&a, &b, MemoryLayout<in6_addr>.size) == 0
            default: false
            }
        }
    }

    public var host: Host
    public var port: UInt16

    public static let loopback = ListenAddress(host: .v4(inet_addr("127.0.0.1")), port: 8080)

    public init(host: Host, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:8080`, `localhost:8080`, or a port alone
    /// (`8080`, on loopback). Port 0 lets the system choose.
    public init?(_ text: String) {
        var hostText = "127.0.0.1"
        var portText = text
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            hostText = String(text[text.index(after: text.startIndex)..<close])
            portText = String(text[text.index(close, offsetBy: 2)...])
        } else if let colon = text.lastIndex(of: ":") {
            hostText = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
        }
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), let port = UInt16(portText) else { return nil }
        if hostText == "localhost" { hostText = "127.0.0.1" }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, hostText, &v4) == 1 {
            host = .v4(v4.s_addr)
        } else if inet_pton(AF_INET6, hostText, &v6) == 1 {
            host = .v6(v6)
        } else {
            return nil
        }
        self.port = port
    }

    /// True for 127.0.0.0/8 and ::1: only this machine's programs can connect.
    public var isLoopback: Bool {
        switch host {
        case .v4(let address): (UInt32(bigEndian: address) >> 24) == 127
        case .v6(let address):
            withUnsafeBytes(of: address) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
    }

    /// The host as a URL writes it (`127.0.0.1`, `[::1]`).
    public var hostText: String {
        switch host {
        case .v4(let address):
            var value = in_addr(s_addr: address)
            var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            inet_ntop(AF_INET, &value, &buffer, socklen_t(buffer.count))
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case .v6(var address):
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
            return "[" + String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "]"
        }
    }

    public var description: String { "\(hostText):\(port)" }

    /// Calls `body` with the address as a `sockaddr`.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        switch host {
        case .v4(let address):
            var socket = sockaddr_in()
            socket.sin_family = sa_family_t(AF_INET)
            socket.sin_port = port.bigEndian
            socket.sin_addr = in_addr(s_addr: address)
            return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .v6(let address):
            var socket = sockaddr_in6()
            socket.sin6_family = sa_family_t(AF_INET6)
            socket.sin6_port = port.bigEndian
            socket.sin6_addr = address
            return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }
}
