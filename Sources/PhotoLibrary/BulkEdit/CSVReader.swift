/// RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a field in double
/// quotes may hold commas, line breaks and `""` for a quote. A UTF-8 byte order mark
/// (spreadsheets write one) is skipped.
///
/// Fields are bytes: a path cell may hold a name that is not UTF-8, which only the row's
/// reader may judge. A field over `maximumFieldBytes` stops the reading there.
enum CSVReader {
    /// One record and the line it starts on (1-based).
    struct Record: Equatable {
        var line: Int
        var fields: [[UInt8]]
    }

    /// No field within `AssetTextLimits` comes near (a thousand keywords of 200 characters
    /// fit): a 100 MB cell is refused at its first mebibyte, not copied and decoded whole.
    static let maximumFieldBytes = 1 << 20

    /// A quote in the middle of an unquoted field, text after a closing quote, or a quote never closed.
    struct Malformed: Error, Equatable {
        var line: Int
        var message: String
    }

    static func records(_ bytes: [UInt8]) throws(Malformed) -> [Record] {
        var input = bytes[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        var records: [Record] = []
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = input.startIndex
        var quoted = false
        var afterQuote = false

        func endField() {
            fields.append(field)
            field = []
            afterQuote = false
        }
        func endRecord() {
            endField()
            // A blank line is no record.
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
        }

        while index < input.endIndex {
            if field.count > maximumFieldBytes {
                throw Malformed(line: recordLine, message: "a field over \(maximumFieldBytes) bytes")
            }
            let byte = input[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < input.endIndex, input[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","):
                endField()
            case 0x0D where index < input.endIndex && input[index] == 0x0A:
                break  // the LF that follows ends the record
            case 0x0A:
                endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\""):
                guard field.isEmpty, !afterQuote else {
                    throw Malformed(line: line, message: "a quote inside an unquoted field (quote the whole field)")
                }
                quoted = true
            default:
                guard !afterQuote else {
                    throw Malformed(line: line, message: "text after a closing quote (a quote inside must be doubled)")
                }
                field.append(byte)
            }
        }
        if quoted { throw Malformed(line: recordLine, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || afterQuote { endRecord() }
        return records
    }
}
