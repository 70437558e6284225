import CLibPQ
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// libpq before 16 has no `require_auth`: asked for the password in clear
/// (AuthenticationCleartextPassword), it sends it, over TCP without TLS too, where anyone on
/// the way reads it. Withholding the password would cost every SCRAM login over TCP, so the
/// connection is made step by step instead (`PQconnectStartParams`, `PQconnectPoll`), and
/// before libpq reads each reply its first bytes are looked at where they wait in the socket
/// (`MSG_PEEK`): an authentication request for the password in clear ends the connection
/// before libpq has seen it, so nothing is sent. Over TLS the bytes are TLS records, never a
/// request in clear; libpq itself refuses data that follows its TLS answer unencrypted.
extension PGConnection {
    /// The protocol's AuthenticationCleartextPassword: 'R', length 8, method 3.
    static let cleartextRequest: UInt32 = 3

    /// The server asked for the password in clear on a connection without TLS.
    static func cleartextRefused(libpqVersion: Int) -> PGError {
        PGError(
            .passwordWithheld,
            message:
                "the server asks for the password in clear over a connection without TLS, and libpq \(libpqVersion / 10000) cannot refuse that method: photolib sent nothing; use sslmode=require, a Unix socket, or libpq 16 or later"
        )
    }

    /// Connects as `PQconnectdbParams` would, but ends the attempt when the server asks for
    /// the password in clear. Returns the connection, made or failed (its status says which).
    static func connectRefusingCleartext(
        keywords: [String], values: [String], timeout seconds: Int, libpqVersion: Int
    ) throws(PGError) -> OpaquePointer {
        let started = withCStrings(keywords) { keywords in
            withCStrings(values) { values in PQconnectStartParams(keywords, values, 1) }
        }
        guard let connection = started else { throw PGError(.client, message: "out of memory (PQconnectStartParams)") }
        let deadline = Date().addingTimeInterval(TimeInterval(max(seconds, 2)))
        // After PQconnectStartParams, as if PQconnectPoll had said "writing".
        var state = PGRES_POLLING_WRITING
        while state != PGRES_POLLING_OK, state != PGRES_POLLING_FAILED {
            let socket = PQsocket(connection)
            if socket >= 0, state == PGRES_POLLING_READING || state == PGRES_POLLING_WRITING {
                let reading = state == PGRES_POLLING_READING
                guard wait(socket, reading: reading, until: deadline) else {
                    PQfinish(connection)
                    throw PGError(.connectionFailed, message: "timeout expired")
                }
                if reading, asksForCleartext(socket, until: deadline) {
                    PQfinish(connection)
                    throw cleartextRefused(libpqVersion: libpqVersion)
                }
            }
            state = PQconnectPoll(connection)
        }
        return connection
    }

    /// Waits until `socket` can be read (or written); false at the deadline.
    private static func wait(_ socket: Int32, reading: Bool, until deadline: Date) -> Bool {
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard left > 0 else { return false }
            var entry = pollfd(fd: socket, events: Int16(reading ? POLLIN : POLLOUT), revents: 0)
            let ready = poll(&entry, 1, left)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // libpq's next step reports it
        }
    }

    /// True when the bytes waiting in `socket` are an authentication request for the
    /// password in clear. Waits (briefly) for the whole 9-byte message when only its start
    /// has come; anything else is left for libpq to read.
    private static func asksForCleartext(_ socket: Int32, until deadline: Date) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 9)
        while true {
            let count = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress, 9, Int32(MSG_PEEK | MSG_DONTWAIT)) }
            guard count > 0, bytes[0] == UInt8(ascii: "R") else { return false }
            if count == 9 {
                let method = bytes[5..<9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                return method == cleartextRequest
            }
            // Part of a message: the rest is on its way. One whose rest never comes in time is
            // refused too: libpq must not read it after the deadline.
            guard deadline.timeIntervalSinceNow > 0 else { return true }
            usleep(2000)
        }
    }
}
