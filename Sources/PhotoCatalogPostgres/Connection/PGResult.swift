import CLibPQ

/// One PGresult, cleared when the object goes away. Rows come in binary format: integers and
/// doubles arrive as their exact bits whatever the server's `extra_float_digits` says, and
/// bytea needs no unescaping.
final class PGResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { PQclear(handle) }

    var rowCount: Int { Int(PQntuples(handle)) }
    /// Rows an INSERT, UPDATE or DELETE touched; 0 when the command says nothing.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The rows, each keeping this result alive: a row holding only the raw pointer would let
    /// Swift clear a temporary result (`execute(…).rows.first`) before the row is read.
    var rows: [PGRow] { (0..<rowCount).map { PGRow(owner: self, row: Int32($0)) } }

    fileprivate func cell(_ row: Int32, _ column: Int32) -> UnsafeRawBufferPointer? {
        guard PQgetisnull(handle, row, column) == 0 else { return nil }
        return UnsafeRawBufferPointer(
            start: PQgetvalue(handle, row, column), count: Int(PQgetlength(handle, row, column)))
    }

    fileprivate func type(_ column: Int32) -> UInt32 { PQftype(handle, column) }
}

/// A row of a result, read by column number.
struct PGRow {
    fileprivate let owner: PGResult
    fileprivate let row: Int32

    func isNull(_ column: Int32) -> Bool { owner.cell(row, column) == nil }

    func optionalText(_ column: Int32) -> String? {
        owner.cell(row, column).map { String(decoding: $0, as: UTF8.self) }
    }
    func text(_ column: Int32) -> String { optionalText(column) ?? "" }

    func optionalBytes(_ column: Int32) -> [UInt8]? { owner.cell(row, column).map { Array($0) } }
    func bytes(_ column: Int32) -> [UInt8] { optionalBytes(column) ?? [] }

    func optionalInt64(_ column: Int32) -> Int64? {
        guard let bytes = owner.cell(row, column) else { return nil }
        switch bytes.count {
        case 8: return Self.bigEndian(bytes, as: Int64.self)
        case 4: return Int64(Self.bigEndian(bytes, as: Int32.self))
        case 2: return Int64(Self.bigEndian(bytes, as: Int16.self))
        default: preconditionFailure("an integer read from a column of type \(owner.type(column))")
        }
    }
    func int64(_ column: Int32) -> Int64 { optionalInt64(column) ?? 0 }
    func optionalInt(_ column: Int32) -> Int? { optionalInt64(column).map { Int($0) } }

    func optionalDouble(_ column: Int32) -> Double? {
        guard let bytes = owner.cell(row, column) else { return nil }
        precondition(bytes.count == 8, "a double read from a column of type \(owner.type(column))")
        return Double(bitPattern: Self.bigEndian(bytes, as: UInt64.self))
    }
    func double(_ column: Int32) -> Double { optionalDouble(column) ?? 0 }

    func bool(_ column: Int32) -> Bool { owner.cell(row, column)?.first == 1 }

    private static func bigEndian<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as: T.Type) -> T {
        var value: T = 0
        withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: bytes) }
        return T(bigEndian: value)
    }
}
