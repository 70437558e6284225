import Glibc

/// The lexical pieces of `FlatXMLParser`: those of `XMLReader`, with names returned as byte
/// ranges instead of strings.
extension FlatXMLParser {
    /// A name: everything up to whitespace or one of `= > / < " '`.
    mutating func name() throws(XMLReadError) -> Token {
        let start = position
        // Read through the buffer: a name is read for every tag and attribute, and checking
        // each byte's index cost more than the rest of it.
        let (end, high) = bytes.withUnsafeBufferPointer { buffer in
            var end = start
            var high: UInt8 = 0
            while end < buffer.count {
                let byte = buffer[end]
                // Letters, the most of any name, are above every byte that ends one.
                if byte <= greaterThan {
                    switch byte {
                    case space, tab, newline, carriageReturn, equals, greaterThan, slash, lessThan, doubleQuote,
                        singleQuote:
                        return (end, high)
                    default: break
                    }
                }
                high |= byte
                end += 1
            }
            return (end, high)
        }
        position = end
        guard end < bytes.count else { throw failure("document ends inside a name") }
        guard end > start else { throw failure("a name was expected") }
        return Token(range: start..<end, isASCII: high < 0x80)
    }

    /// Where the next `byte` at or after `start` is, or the end of the document.
    mutating func next(_ byte: UInt8, from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                let found = memchr(base + start, Int32(byte), buffer.count - start)
            else { return buffer.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether the `count` bytes at `a` are those at `b`.
    mutating func sameBytes(_ a: Int, _ b: Int, count: Int) -> Bool {
        precondition(a >= 0 && b >= 0 && a + count <= bytes.count && b + count <= bytes.count)
        guard count > 0 else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + a, $0.baseAddress! + b, count) == 0 }
    }

}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let newline = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let equals = UInt8(ascii: "=")
private let slash = UInt8(ascii: "/")
private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
