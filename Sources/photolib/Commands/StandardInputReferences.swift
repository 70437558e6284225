import Foundation
import PhotoSupport

/// The asset references piped to `-`: ids or paths one a line, JSON Lines, pretty-printed
/// JSON objects one after another (as `jq` writes them without `-c`), or a JSON array (as
/// `list --json` writes it) of objects or strings. Objects count by their `id`.
///
/// The shape is decided by the first character that is not blank, so that JSON is never
/// read line by line (which turned each line of a pretty-printed object into a reference
/// that matched nothing); input that is none of these is one error, not one per line.
enum StandardInputReferences {
    static func parse(_ input: [UInt8]) throws -> [RawPath] {
        var bytes = input[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { !isBlank($0) }) else { return [] }
        switch first {
        case UInt8(ascii: "["): return try arrayReferences(Array(bytes))
        case UInt8(ascii: "{"): return try objectStream(Array(bytes))
        default: return try lineReferences(Array(bytes))
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }

    /// One reference a line; a line that looks like a piece of JSON is refused.
    private static func lineReferences(_ bytes: [UInt8]) throws -> [RawPath] {
        let lines = AssetReferenceText.references(inLines: bytes)
        for (number, line) in lines.enumerated() {
            let start = line.bytes.first { !isBlank($0) }
            if let start, [UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\"")].contains(start)
            {
                throw StandardInputError(
                    detail:
                        "line \(number + 1) is a piece of JSON: \(TableRenderer.sanitized(String(line.description.prefix(40))))"
                )
            }
        }
        return lines
    }

    /// `[...]`: each element an object with an `id`, or a string (an id or a path).
    private static func arrayReferences(_ bytes: [UInt8]) throws -> [RawPath] {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")),
            let close = bytes.lastIndex(of: UInt8(ascii: "]")), open < close,
            bytes[(close + 1)...].allSatisfy(isBlank)
        else { throw StandardInputError(detail: "a JSON array that is not closed") }
        return try values(Array(bytes[(open + 1)..<close]), inArray: true)
    }

    /// Objects one after another, on one line each or spread over many.
    private static func objectStream(_ bytes: [UInt8]) throws -> [RawPath] {
        try values(bytes, inArray: false)
    }

    /// The top-level values of `bytes`: objects (by their `id`) and, in an array, strings,
    /// separated by commas in an array and by blanks otherwise. Scanned by hand rather than
    /// parsed: `list` writes a name that is not UTF-8 with `\udcXX` escapes, which JSON
    /// parsers refuse, and only the ids matter here.
    private static func values(_ bytes: [UInt8], inArray: Bool) throws -> [RawPath] {
        var references: [RawPath] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: Int?
        var expectsValue = true
        func what() -> String {
            inArray ? "element \(references.count + 1) of the array" : "object \(references.count + 1)"
        }
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0, let begin = start {
                        references.append(try string(Array(bytes[begin...index]), what: what()))
                        start = nil
                    }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                if depth == 0 {
                    guard inArray, expectsValue else { throw unexpected(bytes, at: index, after: references.count) }
                    start = index
                    expectsValue = false
                }
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 {
                    guard byte == UInt8(ascii: "{"), expectsValue else {
                        throw unexpected(bytes, at: index, after: references.count)
                    }
                    start = index
                    expectsValue = !inArray
                }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { throw unexpected(bytes, at: index, after: references.count) }
                if depth == 0, let begin = start {
                    let text = String(decoding: bytes[begin...index], as: UTF8.self)
                    guard let id = AssetReferenceText.jsonLineID(text) else {
                        throw StandardInputError(detail: "\(what()) has no \"id\"")
                    }
                    references.append(RawPath(id))
                    start = nil
                }
            case UInt8(ascii: ","):
                if depth == 0 {
                    guard inArray, !expectsValue else { throw unexpected(bytes, at: index, after: references.count) }
                    expectsValue = true
                }
            default:
                if depth == 0, !isBlank(byte) { throw unexpected(bytes, at: index, after: references.count) }
            }
        }
        if depth != 0 || inString { throw StandardInputError(detail: "\(what()) is not closed") }
        return references
    }

    private static func unexpected(_ bytes: [UInt8], at index: Int, after count: Int) -> StandardInputError {
        let line = bytes[..<index].filter { $0 == 0x0A }.count + 1
        return StandardInputError(detail: "line \(line): unexpected text after \(count) value(s)")
    }

    /// A JSON string element: an id or a path.
    private static func string(_ literal: [UInt8], what: String) throws -> RawPath {
        guard
            let array = try? JSONSerialization.jsonObject(
                with: Data([UInt8(ascii: "[")] + literal + [UInt8(ascii: "]")])) as? [String],
            let text = array.first
        else { throw StandardInputError(detail: "\(what) is not a valid JSON string") }
        return RawPath(text)
    }
}

/// Standard input given as `-` that is not in any shape asset references come in.
struct StandardInputError: PhotolibError, Equatable {
    var detail: String

    var kind: ErrorKind { .badData }
    var description: String {
        "standard input: \(detail); expected asset ids or paths one a line, JSON Lines, "
            + "JSON objects (pretty-printed or not) or a JSON array, each object with an \"id\""
    }
}
