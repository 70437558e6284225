/// Reads IPTC-IIM from a JPEG's APP13 `Photoshop 3.0` segments: the image resource
/// 0x0404 holds IIM datasets, of which photolib reads Object Name (2:05), Date Created
/// (2:55) with Time Created (2:60), Keywords (2:25, every one), City (2:90),
/// Province-State (2:95), Country (2:101) and Caption-Abstract (2:120).
///
/// Text is UTF-8 when dataset 1:90 says so (ESC % G), else Windows-1252 (Latin-1 with
/// the printable 0x80–0x9F range), as exiftool reads it.
enum IPTCReader {
    static let signature = Array("Photoshop 3.0\0".utf8)
    static let iptcResourceID: UInt16 = 0x0404

    /// The text of the IIM block in `payloads` (APP13 payloads in file order, each starting
    /// with the signature); nil when there is none. Photoshop may split its resources across
    /// several segments, so their bodies are read as one stream.
    static func read(photoshopPayloads payloads: [ArraySlice<UInt8>]) -> PhotoText? {
        var resources: [UInt8] = []
        for payload in payloads where payload.starts(with: signature) {
            resources.append(contentsOf: payload.dropFirst(signature.count))
        }
        guard let block = iimBlock(in: resources[...]) else { return nil }
        let text = read(iim: block)
        return text.isEmpty ? nil : text
    }

    /// The data of resource 0x0404 in a run of image resource blocks
    /// (`8BIM`, id, padded Pascal name, 32-bit size, data padded to even length).
    static func iimBlock(in resources: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var index = resources.startIndex
        let end = resources.endIndex
        while index + 12 <= end {
            guard resources[index..<(index + 4)].elementsEqual("8BIM".utf8) else { return nil }
            let id = UInt16(resources[index + 4]) << 8 | UInt16(resources[index + 5])
            let nameLength = Int(resources[index + 6])
            var cursor = index + 6 + nameLength + 1
            if (nameLength + 1) % 2 == 1 { cursor += 1 }
            guard cursor + 4 <= end else { return nil }
            let size = resources[cursor..<(cursor + 4)].reduce(0) { $0 << 8 | Int($1) }
            cursor += 4
            guard size >= 0, cursor + size <= end else { return nil }
            if id == iptcResourceID { return resources[cursor..<(cursor + size)] }
            index = cursor + size + (size % 2)
        }
        return nil
    }

    /// The fields photolib reads from an IIM block.
    static func read(iim block: ArraySlice<UInt8>) -> PhotoText {
        var values: [UInt16: ArraySlice<UInt8>] = [:]
        var isUTF8 = false
        var keywordData: [ArraySlice<UInt8>] = []
        forEachDataset(in: block) { record, dataset, data in
            if record == 1, dataset == 90 { isUTF8 = data.elementsEqual([0x1B, 0x25, 0x47]) }
            if record == 2, dataset == 25 { keywordData.append(data) }
            // Repeatable datasets keep their first value, as readers show it.
            let key = UInt16(record) << 8 | UInt16(dataset)
            if record == 2, values[key] == nil { values[key] = data }
        }
        func text(_ dataset: UInt8) -> String? {
            guard let data = values[2 << 8 | UInt16(dataset)] else { return nil }
            return PhotoText.clean(isUTF8 ? String(decoding: data, as: UTF8.self) : windows1252(data))
        }
        let caption = CaptionFilter.meaningful(text(120)) ?? CaptionFilter.meaningful(text(5))
        // The dataset is flat; a `/` in one is kept as written (then read as a hierarchy).
        let keywords = keywordData.compactMap { data in
            Keywords.clean(isUTF8 ? String(decoding: data, as: UTF8.self) : windows1252(data), separator: nil)
        }
        return PhotoText(
            caption: caption, city: text(90), region: text(95), country: text(101),
            takenAt: CaptureDate(iptcDate: text(55), time: text(60)),
            keywords: Keywords.merge(hierarchical: [], flat: keywords))
    }

    /// Calls `body` with each dataset's record, number and data, until the block ends or stops making sense.
    static func forEachDataset(in block: ArraySlice<UInt8>, _ body: (UInt8, UInt8, ArraySlice<UInt8>) -> Void) {
        var index = block.startIndex
        while index + 5 <= block.endIndex, block[index] == 0x1C {
            let record = block[index + 1]
            let dataset = block[index + 2]
            var length = Int(block[index + 3]) << 8 | Int(block[index + 4])
            index += 5
            if length & 0x8000 != 0 {
                // Extended dataset: the low bits count the bytes of the real length.
                let count = length & 0x7FFF
                guard count <= 4, index + count <= block.endIndex else { return }
                length = block[index..<(index + count)].reduce(0) { $0 << 8 | Int($1) }
                index += count
            }
            guard index + length <= block.endIndex else { return }
            body(record, dataset, block[index..<(index + length)])
            index += length
        }
    }

    /// Windows-1252: Latin-1, except 0x80–0x9F, which are printable characters there.
    static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(cp1252High[Int(byte - 0x80)]) {
                text.append(scalar)
            } else {
                text.append(Unicode.Scalar(byte))
            }
        }
        return String(text)
    }

    /// Code points of 0x80–0x9F in Windows-1252; the five undefined bytes keep their Latin-1 value.
    private static let cp1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,
        0x017E, 0x0178,
    ]
}
