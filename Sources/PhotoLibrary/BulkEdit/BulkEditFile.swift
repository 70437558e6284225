import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// What `photolib action set --from FILE` reads: CSV with a header row, or JSON Lines (the
/// asset JSON of `list --jsonl`), told apart by the first byte that is not white space.
///
/// Each row names one asset (`id`, else `path`) and sets any of `caption`, `city`,
/// `favourite`, `liked`, `rating`, `keywords`, `people`, `takenAt` and (in CSV) `latitude` with
/// `longitude`, (in JSON) `gps`. In CSV an empty cell clears its field (no caption, not a
/// favourite, unrated, no keywords, no people, no date, no position) and keywords and people
/// are separated by `;`; in JSON both are arrays of strings.
/// In JSON Lines a key that is absent leaves its field alone and every other key of the
/// asset JSON (`path`, `width`…) is ignored, so that `list --jsonl` output reads back as
/// no change at all.
///
/// Text is UTF-8: a cell or string that is not is refused with its line number, never
/// decoded into U+FFFD. A name that is not UTF-8 is accepted in the forms photolib writes it:
/// raw bytes in a CSV `path` cell, `\udcXX` escapes in JSON (as `list --jsonl` writes it).
/// Each text is checked against `AssetTextLimits`.
public enum BulkEditFile {
    /// The fields a row may set, as the CSV header and the asset JSON name them.
    public static let editableFields = [
        "caption", "city", "favourite", "liked", "rating", "keywords", "people", "takenAt", "latitude", "longitude",
    ]
    /// The same in JSON Lines, where a position is the asset JSON's `gps` object.
    static let editableJSONFields = [
        "caption", "city", "favourite", "liked", "rating", "keywords", "people", "takenAt", "gps",
    ]
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
        let names = header.fields.map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        }
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
        if names.contains("latitude") != names.contains("longitude") {
            problems.append(BulkEditProblem(line: header.line, message: "latitude and longitude go together"))
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
            let reference = trimmed(record.fields[keyColumn])
            guard !reference.isEmpty else {
                problems.append(BulkEditProblem(line: record.line, message: "no \(names[keyColumn])"))
                continue
            }
            var changes: [AssetEdit.Change] = []
            var rowProblems: [String] = []
            var coordinates: [String: String] = [:]
            for (name, cell) in zip(names, record.fields) where editableFields.contains(normalized(name)) {
                do {
                    let text = try utf8(cell, normalized(name))
                    if ["latitude", "longitude"].contains(name) {
                        coordinates[name] = text.trimmingCharacters(in: .whitespaces)
                        continue
                    }
                    changes.append(try checked(try change(normalized(name), csv: text)))
                } catch { rowProblems.append(error.message) }
            }
            if let latitude = coordinates["latitude"], let longitude = coordinates["longitude"] {
                do { changes.append(try position(latitude, longitude)) } catch { rowProblems.append(error.message) }
            }
            if rowProblems.isEmpty {
                rows.append(BulkEditRow(line: record.line, reference: RawPath(bytes: reference), changes: changes))
            } else {
                problems += rowProblems.map { BulkEditProblem(line: record.line, message: $0) }
            }
        }
        return (rows, problems)
    }

    /// `bytes` without the spaces and tabs around them.
    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isBlank($0) }), let end = bytes.lastIndex(where: { !isBlank($0) })
        else { return [] }
        return Array(bytes[start...end])
    }

    /// A text cell or string as text; bytes that are not UTF-8 are refused, not replaced.
    private static func utf8(_ bytes: [UInt8], _ field: String) throws(BadValue) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw BadValue(message: "\(field) is not valid UTF-8 text")
        }
        return text
    }

    /// `change` when it is within `AssetTextLimits`.
    private static func checked(_ change: AssetEdit.Change) throws(BadValue) -> AssetEdit.Change {
        if let problem = AssetTextLimits.problem(change) { throw BadValue(message: problem) }
        return change
    }

    /// US spelling accepted, as `--favorite` is; header names are read without case.
    private static func normalized(_ name: String) -> String {
        switch name {
        case "favorite": "favourite"
        case "takenat": "takenAt"
        default: name
        }
    }

    /// A CSV row's position: both cells empty clear it; else both are degrees in range.
    private static func position(_ latitude: String, _ longitude: String) throws(BadValue) -> AssetEdit.Change {
        if latitude.isEmpty, longitude.isEmpty { return .position(nil, place: nil) }
        guard let lat = Double(latitude), let lon = Double(longitude), lat.isFinite, lon.isFinite, abs(lat) <= 90,
            abs(lon) <= 180
        else {
            throw BadValue(
                message: "latitude '\(latitude)' and longitude '\(longitude)' are not a position "
                    + "(degrees in -90...90 and -180...180, or both empty)")
        }
        return .position(GPSCoordinate(latitude: lat, longitude: lon), place: nil)
    }

    /// A capture date as `action date --set` reads it; empty (or null) removes it.
    private static func date(_ text: String) throws(BadValue) -> AssetEdit.Change {
        if text.isEmpty { return .takenAt(nil, byUser: true) }
        guard let date = CaptureDateText.parse(text) else {
            throw BadValue(message: "takenAt '\(text.prefix(40))' is not a date as 2019-07-24 11:25:40(+03:00)")
        }
        return .takenAt(date, byUser: true)
    }

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
        case "takenAt": return try date(text)
        case "people": return .people(text.split(separator: ";").map(String.init))
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
        for (number, range) in lineRanges(bytes).enumerated() {
            let lineNumber = number + 1
            let line = bytes[range]
            guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            let object: JSONLineValue
            do {
                object = try JSONLineValue.parse(line, maximumStringBytes: CSVReader.maximumFieldBytes)
            } catch {
                problems.append(BulkEditProblem(line: lineNumber, message: "not a JSON object: \(error.message)"))
                continue
            }
            guard case .object = object else {
                problems.append(BulkEditProblem(line: lineNumber, message: "not a JSON object"))
                continue
            }
            let key: JSONLineValue? =
                if case .string = object["id"] { object["id"] } else { object["path"] }
            guard case .string(let reference) = key else {
                problems.append(BulkEditProblem(line: lineNumber, message: "no \"id\" or \"path\" string"))
                continue
            }
            var changes: [AssetEdit.Change] = []
            var rowProblems: [String] = []
            for field in editableJSONFields {
                guard let value = object[field] else { continue }
                do { changes.append(try checked(try change(field, json: value))) } catch {
                    rowProblems.append(error.message)
                }
            }
            if rowProblems.isEmpty {
                rows.append(BulkEditRow(line: lineNumber, reference: RawPath(bytes: reference), changes: changes))
            } else {
                problems += rowProblems.map { BulkEditProblem(line: lineNumber, message: $0) }
            }
        }
        return (rows, problems)
    }

    /// Where each line of `bytes` lies, newlines left out; found with `memchr`, so that a
    /// 100 MB line costs a scan at memory speed before its reader gives up on it.
    private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            var ranges: [Range<Int>] = []
            var start = 0
            while start <= buffer.count {
                let rest = buffer.count - start
                let found = rest == 0 ? nil : memchr(base + start, 0x0A, rest)
                let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? buffer.count
                ranges.append(start..<end)
                start = end + 1
            }
            return ranges
        }
    }

    private static func change(_ field: String, json value: JSONLineValue) throws(BadValue) -> AssetEdit.Change {
        switch (field, value) {
        case ("caption", .null): return .caption(nil)
        case ("city", .null): return .city(nil)
        case ("caption", .string(let bytes)): return .caption(try utf8(bytes, field))
        case ("city", .string(let bytes)): return .city(try utf8(bytes, field))
        case ("caption", _), ("city", _): throw BadValue(message: "\(field) is not a string or null")
        case ("favourite", .bool(let flag)): return .favourite(flag)
        case ("liked", .bool(let flag)): return .liked(flag)
        case ("favourite", _), ("liked", _): throw BadValue(message: "\(field) is not true or false")
        case ("rating", .null): return .rating(nil)
        case ("rating", .number(let number, let isWhole)):
            // 0 is kept (not read as "clear"): the editor counts it unrated either way.
            guard isWhole, (-1...5).contains(number) else {
                let shown = isWhole && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                throw BadValue(message: "rating '\(shown)' is not a whole number in -1...5")
            }
            return .rating(Int(number))
        case ("rating", _): throw BadValue(message: "rating is not a whole number in -1...5 or null")
        case ("takenAt", .null): return .takenAt(nil, byUser: true)
        case ("takenAt", .string(let bytes)): return try date(try utf8(bytes, field))
        case ("takenAt", _): throw BadValue(message: "takenAt is not a string or null")
        case ("gps", .null): return .position(nil, place: nil)
        case ("gps", .object):
            guard case .number(let latitude, _) = value["latitude"], case .number(let longitude, _) = value["longitude"]
            else { throw BadValue(message: "gps has no numbers latitude and longitude") }
            return try position(String(latitude), String(longitude))
        case ("gps", _): throw BadValue(message: "gps is not an object {latitude, longitude} or null")
        case ("people", .null): return .people([])
        case ("people", .array(let list)): return .people(try strings(list, field: "people", item: "a name"))
        case ("people", _): throw BadValue(message: "people is not an array of strings")
        case (_, .null): return .keywords([])
        case (_, .array(let list)): return .keywords(try strings(list, field: "keywords", item: "a keyword"))
        default: throw BadValue(message: "keywords is not an array of strings")
        }
    }
}

extension BulkEditFile {
    /// The strings of a JSON array, each UTF-8.
    private static func strings(_ list: [JSONLineValue], field: String, item: String) throws(BadValue) -> [String] {
        var strings: [String] = []
        for element in list {
            guard case .string(let bytes) = element else {
                throw BadValue(message: "\(field) is not an array of strings")
            }
            strings.append(try utf8(bytes, item))
        }
        return strings
    }
}

/// One row of a bulk edit: the asset it names and the changes it asks for.
public struct BulkEditRow: Sendable, Equatable {
    /// Where the row starts in the file (1-based).
    public var line: Int
    /// An id (or unique prefix) or a path, as `action` takes them; bytes, as a path may not be UTF-8.
    public var reference: RawPath
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
