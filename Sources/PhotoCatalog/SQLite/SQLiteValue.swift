/// A value bound to a statement parameter, in one of SQLite's storage classes.
///
/// Values reach SQL only this way, never by formatting them into the SQL text.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    init(_ value: Double?) { self = value.map { .real($0) } ?? .null }
    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// Booleans are stored as 0 and 1.
    init(_ value: Bool) { self = .integer(value ? 1 : 0) }
}
