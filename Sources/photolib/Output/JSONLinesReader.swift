import Foundation
import PhotoSupport

/// Reads JSON Lines (one JSON value per line) from a file descriptor, such as the output
/// of `photolib list --jsonl` piped into another photolib command. Blank lines are skipped.
struct JSONLinesReader {
    private let descriptor: Int32
    private let source: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var lineNumber = 0
    private var reachedEnd = false

    init(fileDescriptor: Int32 = STDIN_FILENO, source: String = "standard input") {
        self.descriptor = fileDescriptor
        self.source = source
    }

    /// The next value, or nil at the end of input.
    mutating func next() throws -> JSONValue? {
        while let line = try nextLine() {
            lineNumber += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            do {
                return try JSONReader.parse(line, source: source)
            } catch var error as JSONReadError {
                error.line = lineNumber
                throw error
            }
        }
        return nil
    }

    /// Every remaining value.
    mutating func readAll() throws -> [JSONValue] {
        var values: [JSONValue] = []
        while let value = try next() { values.append(value) }
        return values
    }

    private mutating func nextLine() throws -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                defer { start = newline + 1 }
                return Array(buffer[start..<newline])
            }
            if reachedEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return Array(buffer[start...])
            }
            try fill()
        }
    }

    private mutating func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: RawPath(source), errno: errno, operation: "read")
            }
            if count == 0 { reachedEnd = true } else { buffer.append(contentsOf: chunk[..<count]) }
            return
        }
    }
}
