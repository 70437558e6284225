import PhotoSupport

/// What decoding a `grid` primary item really allocates, read from its ImageGrid descriptor
/// (ISO/IEC 23008-12 6.6.2.3) and its `dimg` references before libheif decodes anything.
///
/// libheif gives a grid the size of its `ispe`, but decodes into an image of the descriptor's
/// output size and decodes every referenced tile: a 1.4 KB AVIF whose `ispe` says 96x144 can
/// reference one tile 2,000 times, or claim a 20000x20000 output, and take gigabytes. The
/// budget is charged by the larger of the output and the tiles together.
extension HEIFBoxes {
    struct GridClaim: Equatable {
        var outputWidth: Int
        var outputHeight: Int
        /// Tiles decoded: the references, or rows x columns when that is more.
        var tiles: Int
        /// The largest `ispe` among the referenced tiles.
        var tileWidth: Int
        var tileHeight: Int

        /// The pixels the decode is charged for (saturating: the claims are the file's).
        var pixels: Int {
            let output = Double(outputWidth) * Double(outputHeight)
            let tiled = Double(tiles) * Double(tileWidth) * Double(tileHeight)
            return Int(min(max(output, tiled), Double(Int.max >> 8)))
        }
    }

    enum Grid: Equatable {
        /// The primary item is not a grid (or there is no `meta` box to say: libheif decides).
        case notGrid
        case grid(GridClaim)
        /// The primary item is a grid whose descriptor, references or tile sizes cannot be read.
        case unreadable(String)
    }

    /// The primary item's grid in the HEIF held in `bytes`, when it is one.
    static func grid(_ bytes: UnsafeRawBufferPointer) -> Grid {
        grid(FileBytes(head: bytes, reader: MemoryReader(bytes: bytes), size: Int64(bytes.count)))
    }

    /// The primary item's grid in `file`, when it is one.
    static func grid(_ file: FileBytes) -> Grid {
        guard let meta = firstMeta(file) else { return .notGrid }
        let box = BoxReader(meta)
        guard let boxes = ItemBoxes(box, references: "dimg") else { return .notGrid }
        let (items, readable, idat) = (boxes.items, boxes.readable, boxes.idat)
        let primary = boxes.primary
        guard let primary, let item = items[primary], item.type == "grid" else {
            // A primary we cannot see the type of is a grid we cannot see: refuse it only when
            // the boxes that would say so could not be read.
            return readable || primary == nil ? .notGrid : .unreadable("item boxes unreadable")
        }
        guard readable else { return .unreadable("item boxes unreadable") }
        guard let descriptor = data(of: item, prefix: 12, file: file, meta: meta, idat: idat), descriptor.count >= 8
        else { return .unreadable("grid descriptor unreadable") }
        let grid = BoxReader(descriptor)
        let wide = (grid.byte(1) ?? 0) & 1 == 1
        guard let rows = grid.byte(2), let columns = grid.byte(3),
            let width = wide ? grid.uint32(4).map(Int.init) : grid.uint16(4).map(Int.init),
            let height = wide ? grid.uint32(8).map(Int.init) : grid.uint16(6).map(Int.init)
        else { return .unreadable("grid descriptor unreadable") }
        let references = boxes.references[primary] ?? []
        var tileWidth = 0
        var tileHeight = 0
        for tile in Set(references) {
            guard let size = spatialExtent(of: tile, box, boxes.properties, boxes.associations) else {
                return .unreadable("grid tile without a size")
            }
            tileWidth = max(tileWidth, size.width)
            tileHeight = max(tileHeight, size.height)
        }
        let count = max(references.count, (Int(rows) + 1) * (Int(columns) + 1))
        return .grid(
            GridClaim(
                outputWidth: width, outputHeight: height, tiles: count, tileWidth: tileWidth, tileHeight: tileHeight))
    }

    /// The content of the first `meta` box among the top-level boxes, walking only as far as
    /// it (a box after it that does not fit the file is libheif's to refuse).
    private static func firstMeta(_ file: FileBytes) -> [UInt8]? {
        var offset: Int64 = 0
        for _ in 0..<topLevelLimit {
            guard let header = file.prefix(at: offset, count: 16), header.count >= 8 else { return nil }
            let box = BoxReader(header)
            guard let size32 = box.uint32(0) else { return nil }
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
            if box.fourCC(4) == "meta" {
                guard size - headerSize <= Int64(metaLimit) else { return nil }
                return file.bytes(at: offset + headerSize, count: Int(size - headerSize))
            }
            offset += size
        }
        return nil
    }

    /// The first `count` bytes of an item's data, in the file or in `idat`.
    private static func data(
        of item: Item, prefix count: Int, file: FileBytes, meta: [UInt8], idat: BoxReader.Box?
    )
        -> [UInt8]?
    {
        var data: [UInt8] = []
        for extent in item.extents where data.count < count {
            let wanted = Int(min(extent.length, Int64(count - data.count)))
            guard extent.offset >= 0, wanted >= 0 else { return nil }
            switch item.constructionMethod {
            case 0:
                guard let bytes = file.bytes(at: extent.offset, count: wanted) else { return nil }
                data += bytes
            case 1:
                guard let idat, extent.offset <= Int64(idat.length - wanted) else { return nil }
                let start = idat.start + Int(extent.offset)
                data += meta[start..<start + wanted]
            default: return nil
            }
        }
        return data
    }

    /// An item's `ispe`.
    private static func spatialExtent(
        of id: UInt32, _ meta: BoxReader, _ properties: [BoxReader.Box], _ associations: [UInt32: [Int]]
    ) -> (width: Int, height: Int)? {
        for index in associations[id] ?? [] where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            guard property.type == "ispe" else { continue }
            guard let width = meta.uint32(property.start + 4), let height = meta.uint32(property.start + 8) else {
                return nil
            }
            return (Int(width), Int(height))
        }
        return nil
    }
}
