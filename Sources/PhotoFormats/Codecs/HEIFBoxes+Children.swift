import PhotoSupport

/// The `meta` box's children that `HEIFBoxes` reads: item information (`iinf`), locations
/// (`iloc`), references (`iref`: `cdsc`, and a grid's `dimg`) and properties (`iprp`). Each
/// returns false on a box it cannot read to its end, and the walker then leaves the file to
/// libheif.
extension HEIFBoxes {
    /// The item boxes of a `meta` box's content, read in one walk for both the metadata
    /// (`read`) and a grid's budget (`grid`): the handler, the primary item, the items and
    /// their locations, the references of one type, the properties and `idat`.
    struct ItemBoxes {
        var handler = ""
        var primary: UInt32?
        var items: [UInt32: Item] = [:]
        /// The items in `iinf`'s order, the order libheif lists them in.
        var order: [UInt32] = []
        /// The references of the type asked for, from each item to those it refers to.
        var references: [UInt32: [UInt32]] = [:]
        var properties: [BoxReader.Box] = []
        var associations: [UInt32: [Int]] = [:]
        var idat: BoxReader.Box?
        /// False once a box could not be read to its end (the boxes after it are not read).
        var readable = true

        /// Nil when the `meta` box's children cannot be walked at all.
        init?(_ meta: BoxReader, references type: String) {
            // FullBox: version and flags, then children.
            guard let children = meta.children(from: 4) else { return nil }
            for child in children {
                switch child.type {
                case "hdlr": handler = meta.fourCC(child.start + 8)
                case "pitm":
                    primary =
                        meta.byte(child.start) == 0
                        ? meta.uint16(child.start + 4).map(UInt32.init) : meta.uint32(child.start + 4)
                case "iinf": readable = readable && readItemInfo(meta, child, into: &items, order: &order)
                case "iloc": readable = readable && readLocations(meta, child, into: &items)
                case "iref": readable = readable && readReferences(meta, child, describes: &references, type: type)
                case "iprp":
                    readable =
                        readable && readProperties(meta, child, properties: &properties, associations: &associations)
                case "idat": idat = child
                default: break
                }
            }
        }
    }

    static func readItemInfo(
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

    static func readLocations(
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

    static func readReferences(
        _ meta: BoxReader, _ box: BoxReader.Box, describes: inout [UInt32: [UInt32]], type: String = "cdsc"
    ) -> Bool {
        guard let version = meta.byte(box.start), let references = meta.children(from: box.start + 4, end: box.end)
        else { return false }
        let idSize = version == 0 ? 2 : 4
        func id(_ at: Int) -> UInt32? { idSize == 2 ? meta.uint16(at).map(UInt32.init) : meta.uint32(at) }
        for reference in references where reference.type == type {
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

    static func readProperties(
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
