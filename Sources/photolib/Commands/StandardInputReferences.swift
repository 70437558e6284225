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
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw StandardInputError(detail: "not a valid JSON array")
        }
        guard let array = value as? [Any] else { throw StandardInputError(detail: "not a valid JSON array") }
        return try array.enumerated().map { index, element in
            if let text = element as? String { return RawPath(text) }
            return try reference(element, what: "element \(index + 1) of the array")
        }
    }

    /// Objects one after another, on one line each or spread over many.
    private static func objectStream(_ bytes: [UInt8]) throws -> [RawPath] {
        var references: [RawPath] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard depth > 0 else { throw outside(bytes, at: index, count: references.count) }
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 {
                    guard byte == UInt8(ascii: "{") else { throw outside(bytes, at: index, count: references.count) }
                    start = index
                }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { throw outside(bytes, at: index, count: references.count) }
                if depth == 0, let begin = start {
                    let what = "object \(references.count + 1)"
                    let value: Any
                    do {
                        value = try JSONSerialization.jsonObject(with: Data(bytes[begin...index]))
                    } catch {
                        throw StandardInputError(detail: "\(what) is not valid JSON")
                    }
                    references.append(try reference(value, what: what))
                    start = nil
                }
            default:
                if depth == 0, !isBlank(byte) { throw outside(bytes, at: index, count: references.count) }
            }
        }
        if depth != 0 { throw StandardInputError(detail: "object \(references.count + 1) is not closed") }
        return references
    }

    private static func outside(_ bytes: [UInt8], at index: Int, count: Int) -> StandardInputError {
        let line = bytes[..<index].filter { $0 == 0x0A }.count + 1
        return StandardInputError(detail: "line \(line): text after object \(count) that is not a JSON object")
    }

    /// The id of a JSON object.
    private static func reference(_ value: Any, what: String) throws -> RawPath {
        guard let object = value as? [String: Any] else {
            throw StandardInputError(detail: "\(what) is not an object or a string")
        }
        guard let id = object["id"] as? String else { throw StandardInputError(detail: "\(what) has no \"id\"") }
        return RawPath(id)
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
