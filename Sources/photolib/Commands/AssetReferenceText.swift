import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// What the command line takes as an asset beyond the ids, id prefixes and paths that the
/// core's resolver knows: a line of `photolib list --jsonl` (by its `id`), and references
/// read one a line from standard input.
enum AssetReferenceText {
    /// The asset `reference` names: a JSON object line by its `id`, anything else as the
    /// resolver reads it. Throws `AssetReferenceError` or `JSONLineError` (exit status 66).
    /// A companion's path names the asset it belongs to; `diagnostics` says so under `--verbose`.
    static func resolve(
        _ reference: RawPath, with resolver: AssetReferenceResolver, diagnostics: Diagnostics? = nil
    ) throws -> Asset {
        let text = reference.description.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("{") else {
            let (asset, owner) = try resolver.resolveNotingCompanion(reference)
            if let owner { diagnostics?.note(text, "a companion of \(owner): acting on that asset") }
            return asset
        }
        guard let hex = jsonLineID(text), let id = AssetID(hex: hex) else { throw JSONLineError(line: text) }
        return try resolver.resolve(id: id, named: hex)
    }

    /// The `id` of a JSON object line such as `list --jsonl` writes: the value of the first
    /// `"id"` key that is not inside a string (list writes it first).
    static func jsonLineID(_ line: String) -> String? {
        let bytes = Array(line.utf8)
        var index = 0
        var depth = 0
        var keyStart: Int?
        var inString = false
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1, let start = keyStart, bytes[start..<index].elementsEqual("id".utf8) {
                        return Self.stringValue(after: index + 1, in: bytes)
                    }
                    keyStart = nil
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                // A string right after `{` or `,` at the top level is a key.
                let previous = bytes[..<index].last { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }
                keyStart =
                    depth == 1 && (previous == UInt8(ascii: "{") || previous == UInt8(ascii: ",")) ? index + 1 : nil
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
            }
            index += 1
        }
        return nil
    }

    /// The plain string after a key: `: "…"` with no escapes (ids have none).
    private static func stringValue(after index: Int, in bytes: [UInt8]) -> String? {
        var position = index
        func skipSpace() { while position < bytes.count, [0x20, 0x09].contains(bytes[position]) { position += 1 } }
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
        position += 1
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        guard let end = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }

    /// The references in text read from standard input: one a line, blank lines skipped, a
    /// carriage return before the newline dropped. Lines are bytes, as paths may not be UTF-8.
    static func references(inLines input: [UInt8]) -> [RawPath] {
        input.split(separator: 0x0A, omittingEmptySubsequences: true).compactMap { line in
            var bytes = Array(line)
            if bytes.last == 0x0D { bytes.removeLast() }
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
            return RawPath(bytes: bytes)
        }
    }
}

/// A JSON line given as an asset reference that has no `id`.
struct JSONLineError: PhotolibError, Equatable {
    var line: String

    var kind: ErrorKind { .noSuchInput }
    var description: String { "a JSON line without an \"id\": \(line.prefix(60))" }
}
