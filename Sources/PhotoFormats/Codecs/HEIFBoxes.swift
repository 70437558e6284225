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

    struct Item {
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

    /// How many bytes at the start of `data` are the HEIF's own: all of them, unless a second
    /// `ftyp` box begins a file appended to it (a motion photo's MP4), which libheif would take
    /// for the file's type and refuse the picture for.
    static func ownLength(_ data: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        for _ in 0..<topLevelLimit {
            guard offset + 8 <= data.count else { break }
            let size32 = Int(data.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian)
            if offset > 0, data[offset + 4..<offset + 8].elementsEqual("ftyp".utf8) { return offset }
            var size = size32
            if size32 == 1 {
                guard offset + 16 <= data.count else { break }
                let large = data.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self).bigEndian
                guard large <= UInt64(data.count) else { break }
                size = Int(large)
            }
            guard size >= 8 else { break }
            offset += size
        }
        return data.count
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
        guard let boxes = ItemBoxes(metaBox, references: "cdsc"), boxes.readable else { return nil }
        let (items, order, describes, idat) = (boxes.items, boxes.order, boxes.references, boxes.idat)
        guard boxes.handler == "pict", let primary = boxes.primary, items[primary] != nil else { return nil }
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
        for index in boxes.associations[primary] ?? [] {
            guard index >= 1, index <= boxes.properties.count else { return nil }
            let property = boxes.properties[index - 1]
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
}
