import Foundation
import PhotoSupport
import Synchronization

/// Standard input as a command reads it: all of it (asset references piped in), or a line
/// at a time (the answer to a question). From a file descriptor, or from given bytes (tests).
final class InputSource: Sendable {
    private enum Origin {
        case fileDescriptor(Int32)
        case memory
    }

    private let origin: Origin
    /// What is left of a memory source.
    private let remaining: Mutex<ArraySlice<UInt8>>

    /// Reads `fileDescriptor` as it is asked to, never ahead: a line read for a question
    /// leaves the rest for whatever reads next.
    init(fileDescriptor: Int32) {
        origin = .fileDescriptor(fileDescriptor)
        remaining = Mutex([])
    }

    private init(bytes: [UInt8]) {
        origin = .memory
        remaining = Mutex(bytes[...])
    }

    /// A source that gives `bytes`, then the end.
    static func bytes(_ bytes: [UInt8]) -> InputSource { InputSource(bytes: bytes) }
    static func text(_ text: String) -> InputSource { InputSource(bytes: Array(text.utf8)) }
    /// A source at its end, as `/dev/null` is.
    static func empty() -> InputSource { InputSource(bytes: []) }

    /// Everything up to the end.
    func readAll() throws -> [UInt8] {
        switch origin {
        case .memory:
            return remaining.withLock { rest in
                defer { rest = [] }
                return Array(rest)
            }
        case .fileDescriptor(let descriptor):
            var result: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(path: RawPath("standard input"), errno: errno, operation: "read")
                }
                if count == 0 { return result }
                result.append(contentsOf: chunk[..<count])
            }
        }
    }

    /// One line without its newline; nil at the end. A byte at a time from a descriptor, so
    /// that nothing after the line is taken.
    func readLine() -> [UInt8]? {
        switch origin {
        case .memory:
            return remaining.withLock { rest in
                guard !rest.isEmpty else { return nil }
                let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
                defer { rest = end < rest.endIndex ? rest[(end + 1)...] : [] }
                return Array(rest[..<end])
            }
        case .fileDescriptor(let descriptor):
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while true {
                let count = read(descriptor, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return line.isEmpty ? nil : line }
                if byte == 0x0A { return line }
                line.append(byte)
            }
        }
    }
}
