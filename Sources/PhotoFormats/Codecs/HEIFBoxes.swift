import PhotoSupport

/// A HEIF's metadata read from its `meta` box alone (ISO/IEC 23008-12): the primary item
/// (`pitm`), its size (`ispe`) and rotation (`irot`), and the `Exif` and XMP items that
/// describe it (`cdsc`), read through `iloc`. libheif parses every box and reads every item's
/// header; this reads the top-level box headers, the `meta` box (a few KB) and the two
/// metadata items, so indexing a HEIC costs what a JPEG's does.
///
/// Anything it does not follow the way libheif would (a `clap` crop, an item built from other
/// items, an extent running past the end of the file, an item without `ispe`) makes `read`
/// return nil, and the caller asks libheif: the walker is never the one to refuse a file,
/// nor to accept one libheif refuses for a reason it can see.
struct HEIFBoxes {
    /// The primary item's stored size (`ispe`).
    var width = 0
    var height = 0
    /// The size shown: `ispe` turned by a quarter-turn `irot`.
    var displayedWidth = 0
    var displayedHeight = 0
    /// The `Exif` item's data as stored (its 4-byte offset to the TIFF header first).
    var exif: [UInt8]?
    var xmp: [UInt8]?

    /// A `meta` box bigger than this is left to libheif (phones write a few KB).
    static let metaLimit = 4 << 20
    /// A metadata item bigger than this is left to libheif (which refuses 64 MiB and more).
    static let itemLimit = 16 << 20
    /// Top-level boxes walked at most (a HEIC has three or four).
    static let topLevelLimit = 256

    private struct Item {
        var type = ""
        var contentType = ""
        var constructionMethod = 0
        var extents: [(offset: Int64, length: Int64)] = []
    }

    /// The metadata of the HEIF in `file`, or nil when libheif must be asked.
    static func read(_ file: FileBytes) -> HEIFBoxes? {
        guard let meta = topLevelMeta(file) else { return nil }
        return parse(meta: meta, file: file)
    }

    /// The `meta` box's content, after walking every top-level box to check it fits the file.
    private static func topLevelMeta(_ file: FileBytes) -> [UInt8]? {
        var offset: Int64 = 0
        var meta: [UInt8]?
        var sawFileType = false
        for _ in 0..<topLevelLimit {
            if offset == file.size { return sawFileType ? meta : nil }
            guard let header = file.prefix(at: offset, count: 16), header.count >= 8 else { return nil }
            let box = BoxReader(header)
            guard let size32 = box.uint32(0) else { return nil }
            let type = box.fourCC(4)
            var headerSize: Int64 = 8
            var size = Int64(size32)
            if size32 == 1 {
                guard let large = box.uint64(8), large <= UInt64(Int64.max) else { return nil }
                size = Int64(large)
                headerSize = 16
            } else if size32 == 0 {
                size = file.size - offset
            }
            guard size >= headerSize, size <= file.size - offset else { return nil }
            if offset == 0 {
                guard type == "ftyp" else { return nil }
                sawFileType = true
            }
            if type == "meta" {
                guard meta == nil, size - headerSize <= Int64(metaLimit),
                    let content = file.bytes(at: offset + headerSize, count: Int(size - headerSize))
                else { return nil }
                meta = content
            }
            offset += size
        }
        return nil
    }

    private static func parse(meta: [UInt8], file: FileBytes) -> HEIFBoxes? {
        let metaBox = BoxReader(meta)
        // FullBox: version and flags, then children.
        guard let children = metaBox.children(from: 4) else { return nil }
        var primary: UInt32?
        var items: [UInt32: Item] = [:]
        var order: [UInt32] = []
        var describes: [UInt32: [UInt32]] = [:]
        var properties: [BoxReader.Box] = []
        var associations: [UInt32: [Int]] = [:]
        var idat: BoxReader.Box?
        var handler = ""
        for child in children {
            switch child.type {
            case "hdlr": handler = metaBox.fourCC(child.start + 8)
            case "pitm":
                let version = metaBox.byte(child.start)
                primary =
                    version == 0 ? metaBox.uint16(child.start + 4).map(UInt32.init) : metaBox.uint32(child.start + 4)
            case "iinf":
                guard readItemInfo(metaBox, child, into: &items, order: &order) else { return nil }
            case "iloc":
                guard readLocations(metaBox, child, into: &items) else { return nil }
            case "iref":
                guard readReferences(metaBox, child, describes: &describes) else { return nil }
            case "iprp":
                guard readProperties(metaBox, child, properties: &properties, associations: &associations) else {
                    return nil
                }
            case "idat": idat = child
            default: break
            }
        }
        guard handler == "pict", let primary, items[primary] != nil else { return nil }
        // Every item's data lies in the file (libheif reads items when it opens a file, and
        // refuses one whose data is cut off).
        for item in items.values {
            guard item.constructionMethod <= 1 else { return nil }
            for extent in item.extents {
                let limit = item.constructionMethod == 1 ? Int64(idat?.length ?? 0) : file.size
                guard extent.offset >= 0, extent.length > 0, extent.offset <= limit,
                    extent.length <= limit - extent.offset
                else { return nil }
            }
        }

        var found = HEIFBoxes()
        var quarterTurns = 0
        for index in associations[primary] ?? [] {
            guard index >= 1, index <= properties.count else { return nil }
            let property = properties[index - 1]
            switch property.type {
            case "ispe":
                guard let width = metaBox.uint32(property.start + 4), let height = metaBox.uint32(property.start + 8)
                else { return nil }
                found.width = Int(width)
                found.height = Int(height)
            case "irot":
                guard let angle = metaBox.byte(property.start) else { return nil }
                quarterTurns = Int(angle & 3)
            case "clap": return nil  // libheif crops: its size is the one to give
            default: break
            }
        }
        guard found.width > 0, found.height > 0 else { return nil }
        (found.displayedWidth, found.displayedHeight) =
            quarterTurns % 2 == 1 ? (found.height, found.width) : (found.width, found.height)

        // The first Exif item and the first XMP item that describe the primary, as libheif lists them.
        for id in order {
            guard let item = items[id], describes[id]?.contains(primary) == true else { continue }
            let isExif = item.type == "Exif"
            let isXMP = item.type == "mime" && item.contentType == "application/rdf+xml"
            guard (isExif && found.exif == nil) || (isXMP && found.xmp == nil) else { continue }
            guard let data = itemData(item, file: file, meta: meta, idat: idat) else { return nil }
            if isExif { found.exif = data } else { found.xmp = data }
        }
        return found
    }

    private static func itemData(_ item: Item, file: FileBytes, meta: [UInt8], idat: BoxReader.Box?) -> [UInt8]? {
        let total = item.extents.reduce(Int64(0)) { $0 + $1.length }
        guard total > 0, total <= Int64(itemLimit) else { return nil }
        var data: [UInt8] = []
        data.reserveCapacity(Int(total))
        for extent in item.extents {
            if item.constructionMethod == 1 {
                guard let idat else { return nil }
                let start = idat.start + Int(extent.offset)
                data += meta[start..<start + Int(extent.length)]
            } else {
                guard let bytes = file.bytes(at: extent.offset, count: Int(extent.length)) else { return nil }
                data += bytes
            }
        }
        return data
    }

    private static func readItemInfo(
        _ meta: BoxReader, _ box: BoxReader.Box, into items: inout [UInt32: Item], order: inout [UInt32]
    ) -> Bool {
        guard let version = meta.byte(box.start) else { return false }
        let first = box.start + 4 + (version == 0 ? 2 : 4)
        guard let entries = meta.children(from: first, end: box.end) else { return false }
        for entry in entries where entry.type == "infe" {
            guard let entryVersion = meta.byte(entry.start) else { return false }
            guard entryVersion >= 2 else { continue }  // no item type before version 2
            var at = entry.start + 4
            let id: UInt32?
            if entryVersion == 2 {
                id = meta.uint16(at).map(UInt32.init)
                at += 2
            } else {
                id = meta.uint32(at)
                at += 4
            }
            guard let id else { return false }
            at += 2  // item_protection_index
            guard at + 4 <= entry.end else { return false }
            var item = items[id] ?? Item()
            item.type = meta.fourCC(at)
            at += 4
            guard let nameEnd = meta.terminator(from: at, end: entry.end) else { return false }
            if item.type == "mime" {
                guard let typeEnd = meta.terminator(from: nameEnd + 1, end: entry.end) else { return false }
                item.contentType = meta.text(from: nameEnd + 1, to: typeEnd)
            }
            if items[id] == nil || items[id]?.type.isEmpty == true { order.append(id) }
            items[id] = item
        }
        return true
    }

    private static func readLocations(
        _ meta: BoxReader, _ box: BoxReader.Box, into items: inout [UInt32: Item]
    )
        -> Bool
    {
        guard let version = meta.byte(box.start), version <= 2, let sizes = meta.byte(box.start + 4),
            let more = meta.byte(box.start + 5)
        else { return false }
        let offsetSize = Int(sizes >> 4)
        let lengthSize = Int(sizes & 15)
        let baseSize = Int(more >> 4)
        let indexSize = version >= 1 ? Int(more & 15) : 0
        var at = box.start + 6
        func number(_ size: Int) -> Int64? {
            defer { at += size }
            switch size {
            case 0: return 0
            case 2: return meta.uint16(at).map(Int64.init)
            case 4: return meta.uint32(at).map(Int64.init)
            case 8: return meta.uint64(at).flatMap { $0 <= UInt64(Int64.max) ? Int64($0) : nil }
            default: return nil
            }
        }
        guard let count = number(version < 2 ? 2 : 4) else { return false }
        guard count <= 65_536 else { return false }
        for _ in 0..<count {
            guard let id = number(version < 2 ? 2 : 4).map(UInt32.init(truncatingIfNeeded:)) else { return false }
            var method = 0
            if version >= 1 {
                guard let word = number(2) else { return false }
                method = Int(word & 15)
            }
            // A data reference other than 0 points into another file: left to libheif.
            guard number(2) == 0, let base = number(baseSize), let extentCount = number(2) else { return false }
            var item = items[id] ?? Item()
            item.constructionMethod = method
            item.extents = []
            for _ in 0..<extentCount {
                if indexSize > 0 { guard number(indexSize) != nil else { return false } }
                guard let offset = number(offsetSize), let length = number(lengthSize),
                    offset <= Int64.max - base
                else { return false }
                item.extents.append((base + offset, length))
            }
            guard at <= box.end else { return false }
            items[id] = item
        }
        return true
    }

    private static func readReferences(
        _ meta: BoxReader, _ box: BoxReader.Box, describes: inout [UInt32: [UInt32]]
    ) -> Bool {
        guard let version = meta.byte(box.start), let references = meta.children(from: box.start + 4, end: box.end)
        else { return false }
        let idSize = version == 0 ? 2 : 4
        func id(_ at: Int) -> UInt32? { idSize == 2 ? meta.uint16(at).map(UInt32.init) : meta.uint32(at) }
        for reference in references where reference.type == "cdsc" {
            guard let from = id(reference.start), let count = meta.uint16(reference.start + idSize) else {
                return false
            }
            var at = reference.start + idSize + 2
            for _ in 0..<count {
                guard at + idSize <= reference.end, let to = id(at) else { return false }
                describes[from, default: []].append(to)
                at += idSize
            }
        }
        return true
    }

    private static func readProperties(
        _ meta: BoxReader, _ box: BoxReader.Box, properties: inout [BoxReader.Box],
        associations: inout [UInt32: [Int]]
    ) -> Bool {
        guard let children = meta.children(from: box.start, end: box.end) else { return false }
        for child in children {
            if child.type == "ipco" {
                guard let list = meta.children(from: child.start, end: child.end) else { return false }
                properties = list
            } else if child.type == "ipma" {
                guard let version = meta.byte(child.start), let flags = meta.byte(child.start + 3),
                    let count = meta.uint32(child.start + 4)
                else { return false }
                var at = child.start + 8
                for _ in 0..<count {
                    let id: UInt32?
                    if version < 1 {
                        id = meta.uint16(at).map(UInt32.init)
                        at += 2
                    } else {
                        id = meta.uint32(at)
                        at += 4
                    }
                    guard let id, let associationCount = meta.byte(at) else { return false }
                    at += 1
                    var indexes: [Int] = []
                    for _ in 0..<associationCount {
                        if flags & 1 == 1 {
                            guard let value = meta.uint16(at) else { return false }
                            indexes.append(Int(value & 0x7FFF))
                            at += 2
                        } else {
                            guard let value = meta.byte(at) else { return false }
                            indexes.append(Int(value & 0x7F))
                            at += 1
                        }
                    }
                    guard at <= child.end else { return false }
                    associations[id, default: []] += indexes
                }
            }
        }
        return true
    }
}

/// Big-endian numbers and child boxes within a box's bytes; every read is bounds-checked
/// and gives nil past the end.
struct BoxReader {
    /// A box within the bytes: its type, and where its content (after the header) starts and ends.
    struct Box {
        var type: String
        var start: Int
        var end: Int
        var length: Int { end - start }
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }

    func uint16(_ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    func uint32(_ at: Int) -> UInt32? {
        guard let high = uint16(at), let low = uint16(at + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    func uint64(_ at: Int) -> UInt64? {
        guard let high = uint32(at), let low = uint32(at + 4) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    func fourCC(_ at: Int) -> String {
        guard at >= 0, at + 4 <= bytes.count else { return "" }
        return String(decoding: bytes[at..<at + 4], as: UTF8.self)
    }

    /// Where the NUL that ends a string starting at `from` lies, before `end`.
    func terminator(from: Int, end: Int) -> Int? {
        guard from >= 0, from <= end, end <= bytes.count else { return nil }
        return bytes[from..<end].firstIndex(of: 0)
    }

    func text(from: Int, to: Int) -> String {
        guard from >= 0, from <= to, to <= bytes.count else { return "" }
        return String(decoding: bytes[from..<to], as: UTF8.self)
    }

    /// The boxes that follow one another from `from` to `end` (the end of the bytes by
    /// default); nil when one runs past `end` or has an impossible size.
    func children(from: Int, end: Int? = nil) -> [Box]? {
        let end = end ?? bytes.count
        guard from >= 0, end <= bytes.count else { return nil }
        var boxes: [Box] = []
        var at = from
        while at < end {
            guard let size32 = uint32(at) else { return nil }
            var header = 8
            var size = Int(size32)
            if size32 == 1 {
                guard let large = uint64(at + 8), large <= UInt64(end - at) else { return nil }
                size = Int(large)
                header = 16
            } else if size32 == 0 {
                size = end - at
            }
            guard size >= header, size <= end - at else { return nil }
            boxes.append(Box(type: fourCC(at + 4), start: at + header, end: at + size))
            at += size
        }
        return boxes
    }
}
