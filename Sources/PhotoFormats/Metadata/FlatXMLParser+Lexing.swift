/// The lexical pieces of `FlatXMLParser`: those of `XMLReader`, with names returned as byte
/// ranges instead of strings.
extension FlatXMLParser {
    /// A name: everything up to whitespace or one of `= > / < " '`.
    mutating func name() throws(XMLReadError) -> Token {
        let start = position
        var high: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case space, tab, newline, carriageReturn, equals, greaterThan, slash, lessThan, doubleQuote, singleQuote:
                guard position > start else { throw failure("a name was expected") }
                return Token(range: start..<position, isASCII: high < 0x80)
            default:
                high |= byte
                position += 1
            }
        }
        throw failure("document ends inside a name")
    }

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
                while position < bytes.count, inSubset || bytes[position] != greaterThan {
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
            case space, tab, newline, carriageReturn: position += 1
            default: return
            }
        }
    }

    func starts(with literal: StaticString, at start: Int? = nil) -> Bool {
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
