/// A HEIF's or AVIF's colour: the `colr` property of its primary item (ISO/IEC 23008-12),
/// an ICC profile (`prof`, `rICC`) or ITU-T H.273 code points (`nclx`).
extension HEIFBoxes {
    /// The primary item's colour in the HEIF held in `bytes`; nil when it has none, says
    /// sRGB, or its boxes cannot be read (libheif then decides whether the file is readable).
    /// An item may carry both kinds: the profile is the fuller description and wins.
    static func colour(_ bytes: UnsafeRawBufferPointer) -> ColourDescription? {
        colour(FileBytes(head: bytes, reader: MemoryReader(bytes: bytes), size: Int64(bytes.count)))
    }

    /// The same from a file read in parts (the index reads only its `meta` box).
    static func colour(_ file: FileBytes) -> ColourDescription? {
        guard let meta = firstMeta(file) else { return nil }
        let box = BoxReader(meta)
        guard let children = box.children(from: 4) else { return nil }
        var primary: UInt32?
        var properties: [BoxReader.Box] = []
        var associations: [UInt32: [Int]] = [:]
        for child in children {
            switch child.type {
            case "pitm":
                primary =
                    box.byte(child.start) == 0
                    ? box.uint16(child.start + 4).map(UInt32.init) : box.uint32(child.start + 4)
            case "iprp":
                guard readProperties(box, child, properties: &properties, associations: &associations) else {
                    return nil
                }
            default: break
            }
        }
        guard let primary else { return nil }
        var codePoints: ColourDescription??
        for index in associations[primary] ?? [] where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            guard property.type == "colr", property.length >= 4 else { continue }
            switch box.fourCC(property.start) {
            case "prof", "rICC":
                return .iccProfile(Array(meta[(property.start + 4)..<property.end]))
            case "nclx" where codePoints == nil:
                guard let primaries = box.uint16(property.start + 4), let transfer = box.uint16(property.start + 6)
                else { continue }
                codePoints = ColourDescription.h273(primaries: Int(primaries), transfer: Int(transfer))
            default: continue
            }
        }
        return codePoints ?? nil
    }
}
