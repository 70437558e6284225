import PhotoFormats
import PhotoSupport

/// The dates file names carry (`IMG_20190724_112540.jpg`), read by the patterns of the
/// shipped `filename-dates.txt`, whose first lines say how a pattern is written.
public struct FileNameDates: Sendable {
    /// The name of the shipped file in `Data/` (and in `<prefix>/share/photolib/` once installed).
    public static let fileName = "filename-dates.txt"

    enum Token: Sendable, Equatable {
        case literal(UInt8)
        /// Exactly `count` digits, giving `field` (Y, M, D, h, m, s).
        case field(UInt8, count: Int)
        /// One or more digits, ignored.
        case digits
        case anyText
        case anyCharacter
    }

    struct Pattern: Sendable {
        var text: String
        var tokens: [Token]
        var utc: Bool
    }

    let patterns: [Pattern]

    /// The patterns of a file's text; a line that is not one throws, naming its number.
    public init(text: String) throws {
        var patterns: [Pattern] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let parts = line.split(separator: "\t", omittingEmptySubsequences: true)
            let flags = parts.dropFirst().map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard flags.allSatisfy({ $0 == "utc" }), let tokens = Self.tokens(String(parts[0])) else {
                throw FileNameDatesError.badPattern(line: number + 1, String(line))
            }
            patterns.append(Pattern(text: String(parts[0]), tokens: tokens, utc: flags.contains("utc")))
        }
        self.patterns = patterns
    }

    /// The shipped patterns, from the first of `dataFiles`' folders that has them.
    public static func shipped(from dataFiles: DataFiles) throws -> FileNameDates {
        guard let path = dataFiles.locate(fileName) else { throw FileNameDatesError.notInstalled }
        return try FileNameDates(text: String(decoding: try FileSystem.readFile(path), as: UTF8.self))
    }

    /// The date `name` (a file name, no folder) says, by the first pattern it matches.
    public func date(in name: [UInt8]) -> CaptureDate? {
        for pattern in patterns {
            var fields: [UInt8: Int] = [:]
            guard Self.match(pattern.tokens[...], name[...], &fields) else { continue }
            let y = UInt8(ascii: "Y")
            let (mo, d, h, mi, s) = (
                UInt8(ascii: "M"), UInt8(ascii: "D"), UInt8(ascii: "h"), UInt8(ascii: "m"), UInt8(ascii: "s")
            )
            guard let year = fields[y], let month = fields[mo], let day = fields[d],
                (0...23).contains(fields[h] ?? 0), (0...59).contains(fields[mi] ?? 0),
                (0...59).contains(fields[s] ?? 0),
                let local = CaptureDateText.localTime(
                    year: year, month: month, day: day, hour: fields[h] ?? 0, minute: fields[mi] ?? 0,
                    second: fields[s] ?? 0)
            else { continue }
            return CaptureDate(localTime: local, utcOffset: pattern.utc ? "+00:00" : nil)
        }
        return nil
    }

    /// Whether `name` matches `tokens` whole, filling `fields`; backtracks over `*` and `{n}`.
    /// Names are at most a few hundred bytes and patterns a few tokens, so depth stays small.
    static func match(_ tokens: ArraySlice<Token>, _ name: ArraySlice<UInt8>, _ fields: inout [UInt8: Int]) -> Bool {
        guard let token = tokens.first else { return name.isEmpty }
        let rest = tokens.dropFirst()
        switch token {
        case .literal(let byte):
            guard let first = name.first, lowered(first) == lowered(byte) else { return false }
            return match(rest, name.dropFirst(), &fields)
        case .anyCharacter:
            guard !name.isEmpty else { return false }
            return match(rest, name.dropFirst(), &fields)
        case .field(let field, let count):
            guard name.count >= count, let value = CaptureDateText.number(Array(name.prefix(count)), 0, count) else {
                return false
            }
            let saved = fields
            fields[field] = value
            if match(rest, name.dropFirst(count), &fields) { return true }
            fields = saved
            return false
        case .digits:
            var length = 0
            while length < name.count, isDigit(name[name.startIndex + length]) { length += 1 }
            guard length > 0 else { return false }
            for taken in stride(from: length, through: 1, by: -1) where match(rest, name.dropFirst(taken), &fields) {
                return true
            }
            return false
        case .anyText:
            for skipped in 0...name.count where match(rest, name.dropFirst(skipped), &fields) { return true }
            return false
        }
    }

    /// A pattern's tokens; nil for an unknown `{…}` or a field given twice.
    static func tokens(_ pattern: String) -> [Token]? {
        var tokens: [Token] = []
        var seen: Set<UInt8> = []
        var bytes = Array(pattern.utf8)[...]
        while let byte = bytes.first {
            if byte == UInt8(ascii: "{") {
                guard bytes.count >= 3, bytes[bytes.startIndex + 2] == UInt8(ascii: "}") else { return nil }
                let name = bytes[bytes.startIndex + 1]
                switch name {
                case UInt8(ascii: "n"): tokens.append(.digits)
                case UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D"), UInt8(ascii: "h"), UInt8(ascii: "m"),
                    UInt8(ascii: "s"):
                    guard seen.insert(name).inserted else { return nil }
                    tokens.append(.field(name, count: name == UInt8(ascii: "Y") ? 4 : 2))
                default: return nil
                }
                bytes = bytes.dropFirst(3)
                continue
            }
            switch byte {
            case UInt8(ascii: "*"): tokens.append(.anyText)
            case UInt8(ascii: "?"): tokens.append(.anyCharacter)
            default: tokens.append(.literal(byte))
            }
            bytes = bytes.dropFirst()
        }
        // A date needs its day; a time its hour and minute.
        let date: Set<UInt8> = [UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D")]
        guard date.isSubset(of: seen) else { return nil }
        if seen.contains(UInt8(ascii: "s")) || seen.contains(UInt8(ascii: "m")) || seen.contains(UInt8(ascii: "h")) {
            guard seen.contains(UInt8(ascii: "h")), seen.contains(UInt8(ascii: "m")) else { return nil }
        }
        return tokens
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// Why the file-name patterns could not be had.
public enum FileNameDatesError: PhotolibError, Equatable {
    case notInstalled
    case badPattern(line: Int, String)

    public var kind: ErrorKind {
        switch self {
        case .notInstalled: .noSuchInput
        case .badPattern: .badData
        }
    }

    public var description: String {
        switch self {
        case .notInstalled:
            "\(FileNameDates.fileName): not found (looked in $\(DataFiles.environmentVariable), "
                + "<bin>/../share/photolib and the package's Data/)"
        case .badPattern(let line, let text):
            "\(FileNameDates.fileName):\(line): not a pattern: \(text)"
        }
    }
}
