/// Where one of the two XML readers is in its document, and the steps both take over its
/// bytes: whitespace, the prolog before the root element, a literal, a run up to a
/// terminator. `XMLReader` builds the tree that editing needs and `FlatXMLParser` the flat
/// document that indexing reads; both skip the same things and fail with the same message
/// at the same byte.
protocol XMLCursor {
    var bytes: [UInt8] { get }
    var position: Int { get set }
}

// The steps are `mutating` even where they only read: called from a reader's mutating
// method, a non-mutating one copied `FlatXMLParser` whole, document and all.
extension XMLCursor {
    /// Skips a byte-order mark, whitespace, the XML declaration, comments, processing
    /// instructions and a DOCTYPE before the root element.
    mutating func skipMisc() throws(XMLReadError) {
        if starts(with: "\u{FEFF}") { position += 3 }
        while true {
            skipWhitespace()
            if starts(with: "<?") {
                _ = try skip(past: "?>", from: position + 2, what: "processing instruction")
            } else if starts(with: "<!--") {
                _ = try skip(past: "-->", from: position + 4, what: "comment")
            } else if starts(with: "<!DOCTYPE") {
                // An internal subset may hold '>' inside brackets.
                var inSubset = false
                position += 9
                while position < bytes.count, inSubset || bytes[position] != UInt8(ascii: ">") {
                    if bytes[position] == UInt8(ascii: "[") { inSubset = true }
                    if bytes[position] == UInt8(ascii: "]") { inSubset = false }
                    position += 1
                }
                guard position < bytes.count else { throw failure("DOCTYPE is not closed") }
                position += 1
            } else {
                return
            }
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    /// Whether `literal` is at `start` (the current position when nil).
    mutating func starts(with literal: StaticString, at start: Int? = nil) -> Bool {
        let start = start ?? position
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[start + offset] != pointer[offset] { return false }
        return true
    }

    /// Moves past the first `terminator` at or after `from` and returns the new position.
    mutating func skip(past terminator: StaticString, from: Int, what: String) throws(XMLReadError) -> Int {
        position = from
        while position < bytes.count {
            if starts(with: terminator) {
                position += terminator.utf8CodeUnitCount
                return position
            }
            position += 1
        }
        throw failure("\(what) is not closed")
    }

    func failure(_ reason: String) -> XMLReadError { XMLReadError(offset: position, reason: reason) }
}
