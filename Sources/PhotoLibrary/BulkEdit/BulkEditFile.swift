import Foundation
import PhotoCatalog
import PhotoFormats

/// What `photolib action set --from FILE` reads: CSV with a header row, or JSON Lines (the
/// asset JSON of `list --jsonl`), told apart by the first byte that is not white space.
///
/// Each row names one asset (`id`, else `path`) and sets any of `caption`, `city`,
/// `favourite`, `liked`, `rating` and `keywords`. In CSV an empty cell clears its field
/// (no caption, not a favourite, unrated, no keywords) and keywords are separated by `;`.
/// In JSON Lines a key that is absent leaves its field alone and every other key of the
/// asset JSON (`path`, `width`…) is ignored, so that `list --jsonl` output reads back as
/// no change at all.
public enum BulkEditFile {
    /// The fields a row may set, as the CSV header and the asset JSON name them.
    public static let editableFields = ["caption", "city", "favourite", "liked", "rating", "keywords"]
    /// The fields that say which asset a row is about.
    public static let identifyingFields = ["id", "path"]

    /// The rows of `bytes`, and the problems of the rows (and header) that could not be read.
    public static func parse(_ bytes: [UInt8]) -> (rows: [BulkEditRow], problems: [BulkEditProblem]) {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") ? parseJSONLines(bytes) : parseCSV(bytes)
    }

    // MARK: - CSV

    static func parseCSV(_ bytes: [UInt8]) -> (rows: [BulkEditRow], problems: [BulkEditProblem]) {
        let records: [CSVReader.Record]
        do { records = try CSVReader.records(bytes) } catch {
            return ([], [BulkEditProblem(line: error.line, message: error.message)])
        }
        guard let header = records.first else {
            return ([], [BulkEditProblem(line: 1, message: "empty: expected a header row such as 'id,caption'")])
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var problems: [BulkEditProblem] = []
        let unknown = names.filter { !(editableFields + identifyingFields).contains(normalized($0)) }
        if !unknown.isEmpty {
            problems.append(
                BulkEditProblem(
                    line: header.line,
                    message: "unknown column\(unknown.count == 1 ? "" : "s") "
                        + unknown.map { "'\($0)'" }.joined(separator: ", ") + "; expected id or path, then any of "
                        + editableFields.joined(separator: ", ")))
        }
        let keyColumn = names.firstIndex(of: "id") ?? names.firstIndex(of: "path")
        if keyColumn == nil {
            problems.append(BulkEditProblem(line: header.line, message: "no 'id' or 'path' column"))
        }
        guard problems.isEmpty, let keyColumn else { return ([], problems) }
        var rows: [BulkEditRow] = []
        for record in records.dropFirst() {
            guard record.fields.count == names.count else {
                problems.append(
                    BulkEditProblem(
                        line: record.line, message: "\(record.fields.count) fields where the header has \(names.count)")
                )
                continue
            }
            let reference = record.fields[keyColumn].trimmingCharacters(in: .whitespaces)
            guard !reference.isEmpty else {
                problems.append(BulkEditProblem(line: record.line, message: "no \(names[keyColumn])"))
                continue
            }
            var changes: [AssetEdit.Change] = []
            var rowProblems: [String] = []
            for (name, cell) in zip(names, record.fields) where editableFields.contains(normalized(name)) {
                do { changes.append(try change(normalized(name), csv: cell)) } catch {
                    rowProblems.append(error.message)
                }
            }
            if rowProblems.isEmpty {
                rows.append(BulkEditRow(line: record.line, reference: reference, changes: changes))
            } else {
                problems += rowProblems.map { BulkEditProblem(line: record.line, message: $0) }
            }
        }
        return (rows, problems)
    }

    /// US spelling accepted, as `--favorite` is.
    private static func normalized(_ name: String) -> String { name == "favorite" ? "favourite" : name }

    private static func change(_ field: String, csv cell: String) throws(BadValue) -> AssetEdit.Change {
        let text = cell.trimmingCharacters(in: .whitespacesAndNewlines)
        switch field {
        case "caption": return .caption(cell)
        case "city": return .city(cell)
        case "favourite": return .favourite(try flag(text, field))
        case "liked": return .liked(try flag(text, field))
        case "rating":
            if text.isEmpty { return .rating(nil) }
            return .rating(try rating(Int(text), shown: text))
        default:
            return .keywords(text.split(separator: ";").map(String.init))
        }
    }

    private static func flag(_ text: String, _ field: String) throws(BadValue) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1", "y", "x": return true
        case "false", "no", "0", "n", "": return false
        default: throw BadValue(message: "\(field) '\(text)' is not true or false")
        }
    }

    private static func rating(_ value: Int?, shown: String) throws(BadValue) -> Int? {
        guard let value, (-1...5).contains(value) else {
            throw BadValue(message: "rating '\(shown)' is not a whole number in -1...5")
        }
        return value == 0 ? nil : value
    }

    private struct BadValue: Error {
        var message: String
    }

    // MARK: - JSON Lines

    static func parseJSONLines(_ bytes: [UInt8]) -> (rows: [BulkEditRow], problems: [BulkEditProblem]) {
        var rows: [BulkEditRow] = []
        var problems: [BulkEditProblem] = []
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let lineNumber = number + 1
            guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                problems.append(BulkEditProblem(line: lineNumber, message: "not a JSON object"))
                continue
            }
            guard let reference = (object["id"] as? String) ?? (object["path"] as? String) else {
                problems.append(BulkEditProblem(line: lineNumber, message: "no \"id\" or \"path\" string"))
                continue
            }
            var changes: [AssetEdit.Change] = []
            var rowProblems: [String] = []
            for field in editableFields {
                guard let value = object[field] else { continue }
                do { changes.append(try change(field, json: value)) } catch { rowProblems.append(error.message) }
            }
            if rowProblems.isEmpty {
                rows.append(BulkEditRow(line: lineNumber, reference: reference, changes: changes))
            } else {
                problems += rowProblems.map { BulkEditProblem(line: lineNumber, message: $0) }
            }
        }
        return (rows, problems)
    }

    private static func change(_ field: String, json value: Any) throws(BadValue) -> AssetEdit.Change {
        let isNull = value is NSNull
        switch field {
        case "caption", "city":
            guard isNull || value is String else { throw BadValue(message: "\(field) is not a string or null") }
            let text = value as? String
            return field == "caption" ? .caption(text) : .city(text)
        case "favourite", "liked":
            guard let flag = value as? Bool else { throw BadValue(message: "\(field) is not true or false") }
            return field == "favourite" ? .favourite(flag) : .liked(flag)
        case "rating":
            if isNull { return .rating(nil) }
            guard let number = value as? NSNumber, Double(number.intValue) == number.doubleValue else {
                throw BadValue(message: "rating is not a whole number in -1...5 or null")
            }
            // 0 is kept (not read as "clear"): the editor counts it unrated either way.
            guard (-1...5).contains(number.intValue) else {
                throw BadValue(message: "rating '\(number)' is not a whole number in -1...5")
            }
            return .rating(number.intValue)
        default:
            if isNull { return .keywords([]) }
            guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
                throw BadValue(message: "keywords is not an array of strings")
            }
            return .keywords(list.compactMap { $0 as? String })
        }
    }
}

/// One row of a bulk edit: the asset it names and the changes it asks for.
public struct BulkEditRow: Sendable, Equatable {
    /// Where the row starts in the file (1-based).
    public var line: Int
    /// An id (or unique prefix) or a path, as `action` takes them.
    public var reference: String
    public var changes: [AssetEdit.Change]
}

/// A row (or the header) that cannot be used.
public struct BulkEditProblem: Sendable, Equatable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}
