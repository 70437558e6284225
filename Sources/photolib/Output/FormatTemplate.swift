/// A `--format` template such as `'{id}\t{city} {caption}'`: text with `{field}`
/// placeholders, checked against the fields a command knows.
///
/// `{{` and `}}` are literal braces; `\t`, `\n`, `\0` and `\\` are a tab, a newline, a NUL
/// (for `xargs -0`) and a backslash (shells pass them through as two characters).
/// `{takenAt:%Y/%m}` formats a date field with strftime's conversions, and `{city:-Unknown}`
/// (or `{takenAt:%Y:-undated}`) gives the text for a field with no value (see
/// `FormatTemplate+Fields.swift`).
struct FormatTemplate: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case field(Field)
    }

    let segments: [Segment]

    /// The fields the template uses, in order of first use (to fetch only those).
    var fieldNames: [String] {
        var seen: [String] = []
        for case .field(let field) in segments where !seen.contains(field.name) { seen.append(field.name) }
        return seen
    }

    /// Parses `text`; an unknown field or an unmatched brace is a `UsageError` that names
    /// the known fields.
    /// `dateFields` are those that take a strftime format (`{takenAt:%Y}`).
    init(
        _ text: String, fields: [String], dateFields: [String] = [], optionName: String = "--format",
        commandPath: [String] = []
    ) throws {
        var segments: [Segment] = []
        var literal = ""
        var characters = text[...]
        func fail(_ problem: String, suggestion: String? = nil) -> UsageError {
            let hint = suggestion.map { " Did you mean '{\($0)}'?" } ?? ""
            let known = fields.map { "{\($0)}" }.joined(separator: ", ")
            return UsageError(message: "\(problem) in \(optionName).\(hint) Fields: \(known)", commandPath: commandPath)
        }
        while let character = characters.popFirst() {
            switch character {
            case "{" where characters.first == "{", "}" where characters.first == "}":
                literal.append(characters.removeFirst())
            case "{":
                guard let close = characters.firstIndex(of: "}") else { throw fail("Unmatched '{'") }
                let field = Field(String(characters[..<close]))
                characters = characters[characters.index(after: close)...]
                let name = field.name
                guard fields.contains(name) else {
                    throw fail(
                        "Unknown field '{\(name)}'",
                        suggestion: Suggestion.closest(to: name, among: fields.map { [$0] }))
                }
                if field.dateFormat != nil, !dateFields.contains(name) {
                    let dates = dateFields.map { "{\($0)}" }.joined(separator: ", ")
                    throw UsageError(
                        message: "'{\(name)}' takes no format in \(optionName): only dates do (\(dates))",
                        commandPath: commandPath)
                }
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.field(field))
            case "}":
                throw fail("Unmatched '}' (write '}}' for a brace)")
            case "\\" where characters.first == "t":
                characters.removeFirst()
                literal.append("\t")
            case "\\" where characters.first == "n":
                characters.removeFirst()
                literal.append("\n")
            case "\\" where characters.first == "0":
                characters.removeFirst()
                literal.append("\u{0}")
            case "\\" where characters.first == "\\":
                characters.removeFirst()
                literal.append("\\")
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// The template filled in by `lookup`; a field it has no value for is empty (or its default).
    func render(_ lookup: (String) -> String?) -> String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .field(let field):
                field.text(lookup(field.name).map { Array($0.utf8) }).map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
        }.joined()
    }

    /// The template as bytes, filled in by `lookup`, so that a value which is not text
    /// (a file name that is not UTF-8) is written exactly as it is. `escape` is given each
    /// field's value (export keeps a value from making folders with it).
    func renderBytes(_ lookup: (String) -> [UInt8]?, escape: ([UInt8]) -> [UInt8] = { $0 }) -> [UInt8] {
        segments.flatMap { segment -> [UInt8] in
            switch segment {
            case .literal(let text): Array(text.utf8)
            case .field(let field): field.text(lookup(field.name)).map(escape) ?? []
            }
        }
    }

    /// The template filled in from `values`; a missing or nil value is empty.
    func render(_ values: [String: String?]) -> String {
        render { values[$0] ?? nil }
    }
}
