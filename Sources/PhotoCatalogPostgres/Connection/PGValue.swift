/// A statement parameter or a COPY cell: the few types the catalog stores.
enum PGValue: Sendable, Equatable {
    case null
    case text(String)
    case bytes([UInt8])
    case int(Int64)
    case double(Double)
    case bool(Bool)

    init(_ value: String?) { self = value.map(PGValue.text) ?? .null }
    init(_ value: Int?) { self = value.map { PGValue.int(Int64($0)) } ?? .null }
    init(_ value: Double?) { self = value.map(PGValue.double) ?? .null }

    /// A `text[]` parameter (`$1::text[]`) holding `items`, which must be plain words (ids,
    /// hex): each is quoted, and a quote or backslash in one would need escaping.
    static func textArray(_ items: [String]) -> PGValue {
        precondition(
            items.allSatisfy { !$0.contains("\"") && !$0.contains("\\") }, "array items must not need escaping")
        return .text("{" + items.map { "\"\($0)\"" }.joined(separator: ",") + "}")
    }
}

/// Type OIDs, fixed by PostgreSQL since forever (catalog/pg_type.dat); libpq-dev has no header for them.
enum PGType {
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let int8: UInt32 = 20
    static let int4: UInt32 = 23
    static let text: UInt32 = 25
    static let float8: UInt32 = 701
}

/// Parameters laid out for PQexecParams: every value in text format except bytea (binary,
/// so no escaping). Text lets the server give a parameter whatever type the statement needs
/// (int8 text for an int4 column, a boolean), where a binary value of the wrong width fails
/// with "incorrect binary data format".
struct PGParameters {
    private var storage: [[UInt8]?] = []
    private var types: [UInt32] = []
    private var formats: [Int32] = []

    init(_ values: [PGValue]) throws(PGError) {
        for value in values {
            switch value {
            case .null: append(nil, type: 0, binary: false)
            case .text(let text):
                // A text parameter is a C string to libpq: a NUL would cut it short, silently.
                guard !text.utf8.contains(0) else {
                    throw PGError(.client, message: "text holds a NUL character, which PostgreSQL cannot store")
                }
                append(Array(text.utf8), type: 0, binary: false)
            // The shortest text that reads back as the same Double; float8in parses it exactly.
            case .double(let number): append(Array(number.description.utf8), type: PGType.float8, binary: false)
            case .int(let number): append(Array(String(number).utf8), type: 0, binary: false)
            case .bool(let flag): append(Array((flag ? "t" : "f").utf8), type: 0, binary: false)
            case .bytes(let bytes): append(bytes, type: PGType.bytea, binary: true)
            }
        }
    }

    private mutating func append(_ bytes: [UInt8]?, type: UInt32, binary: Bool) {
        // Text values get their NUL terminator here: libpq ignores lengths for text parameters.
        storage.append(bytes.map { binary ? $0 : $0 + [0] })
        types.append(type)
        formats.append(binary ? 1 : 0)
    }

    /// Calls `body` with the C arrays PQexecParams takes, valid for the call only.
    func withPointers<R>(
        _ body: (
            Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?
        ) -> R
    ) -> R {
        // One contiguous copy of every value, so that each pointer stays valid during the call.
        let total = storage.reduce(0) { $0 + ($1?.count ?? 0) }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(total, 1))
        defer { buffer.deallocate() }
        var pointers: [UnsafePointer<CChar>?] = []
        var lengths: [Int32] = []
        var offset = 0
        for value in storage {
            guard let value else {
                pointers.append(nil)
                lengths.append(0)
                continue
            }
            value.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress {
                    UnsafeMutableRawPointer(buffer + offset).copyMemory(from: base, byteCount: bytes.count)
                }
            }
            pointers.append(UnsafePointer(buffer + offset))
            lengths.append(Int32(value.count))
            offset += value.count
        }
        return types.withUnsafeBufferPointer { types in
            pointers.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(
                            Int32(storage.count), types.baseAddress, values.baseAddress, lengths.baseAddress,
                            formats.baseAddress)
                    }
                }
            }
        }
    }
}
