import CSQLite

extension SQLiteDatabase {
    /// Makes `transform` callable from SQL as `name(text)`: NULL gives NULL, anything else is
    /// read as text and replaced by what `transform` returns.
    ///
    /// Declared deterministic, so SQLite may call it once for a constant argument.
    /// The function exists on this connection only (another tool opening the file will not
    /// know it), so it must never appear in the schema: in queries only.
    func createTextFunction(_ name: String, _ transform: @escaping (String) -> String) throws {
        let box = Unmanaged.passRetained(TextFunctionBox(transform)).toOpaque()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let code = sqlite3_create_function_v2(
            handle, name, 1, flags, box,
            { context, _, arguments in
                guard let context, let argument = arguments?[0],
                    let characters = sqlite3_value_text(argument)
                else {
                    sqlite3_result_null(context)
                    return
                }
                let count = Int(sqlite3_value_bytes(argument))
                let input = String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
                let function = Unmanaged<TextFunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                var output = function.transform(input)
                output.withUTF8 { utf8 in
                    guard let base = utf8.baseAddress, utf8.count > 0 else {
                        // A nil pointer would make the result NULL; an empty text is not NULL.
                        return sqlite3_result_text(context, "", 0, sqliteTransient)
                    }
                    base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                        sqlite3_result_text(context, $0, Int32(utf8.count), sqliteTransient)
                    }
                }
            },
            nil, nil,
            // SQLite calls this when the function is replaced or the connection closes,
            // also when registering fails, so the box is never leaked.
            { box in box.map { Unmanaged<TextFunctionBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: handle, sql: nil)
        }
    }
}

/// Keeps a Swift closure alive for as long as SQLite may call it.
private final class TextFunctionBox {
    let transform: (String) -> String
    init(_ transform: @escaping (String) -> String) { self.transform = transform }
}
