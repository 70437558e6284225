import PhotoSupport

/// Turns the text a `--directory` and `--filename` template gave into a path under the export folder
/// that stays there: relative, no `.` or `..` or empty component, no byte a file name cannot
/// hold (NUL, `/` inside a value, control characters) nor one that other systems refuse in a
/// name (`\ : * ? " < > |`, as a copy onto a USB stick or a Samba share meets them).
public enum ExportName {
    /// What a replaced byte becomes.
    static let replacement = UInt8(ascii: "_")
    /// The longest name written, in bytes, leaving room in the usual 255 for `-NNNN` and `.xmp`.
    static let maximumComponent = 200

    /// A template field's value: a `/` in a caption or city must not make a folder.
    public static func flatten(_ value: [UInt8]) -> [UInt8] {
        value.map { $0 == UInt8(ascii: "/") ? replacement : $0 }
    }

    /// The copy's path relative to the export folder: the folders `folder` names (split at
    /// `/`, each made safe, empty ones dropped), then `name` made safe with `fileExtension`
    /// (`.jpg`) appended. A name that ends with `fileExtension` or `originalExtension` (any
    /// case: `{fileName}`) loses it first. An empty name is `fallbackName`.
    public static func relativePath(
        folder: [UInt8], name: [UInt8], fileExtension: [UInt8], originalExtension: [UInt8] = [],
        fallbackName: [UInt8]
    ) -> RawPath {
        var components = folder.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
            .compactMap { component(Array($0)) }
        var stem = flatten(name)
        let lowered = { (bytes: [UInt8]) in bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 } }
        if let known = [fileExtension, originalExtension].first(where: {
            !$0.isEmpty && stem.count > $0.count && lowered(stem).hasSuffix(lowered($0))
        }) {
            stem.removeLast(known.count)
        }
        let safeStem = component(stem, room: fileExtension.count) ?? component(flatten(fallbackName)) ?? [replacement]
        components.append(safeStem + fileExtension)
        return RawPath(bytes: Array(components.joined(separator: [UInt8(ascii: "/")])))
    }

    /// `name` (no extension) with `-N` added before the extension: `IMG_1-2.jpg`.
    public static func suffixed(_ path: RawPath, number: Int, fileExtension: [UInt8]) -> RawPath {
        guard number > 0 else { return path }
        var name = path.lastComponent.bytes
        if !fileExtension.isEmpty, name.hasSuffix(fileExtension) { name.removeLast(fileExtension.count) }
        let renamed = RawPath(bytes: name + Array("-\(number)".utf8) + fileExtension)
        let parent = path.parent
        return parent.bytes.isEmpty || parent.bytes == [UInt8(ascii: ".")] ? renamed : parent.appending(renamed)
    }

    /// True when `path` is `target` or `target` with a collision's `-N` (`IMG_1-2.jpg`).
    static func isNamed(_ path: RawPath, as target: RawPath, fileExtension: [UInt8]) -> Bool {
        if path == target { return true }
        guard path.parent == target.parent else { return false }
        let name = path.lastComponent.bytes
        var stem = target.lastComponent.bytes
        if !fileExtension.isEmpty, stem.count >= fileExtension.count,
            Array(stem[(stem.count - fileExtension.count)...]) == fileExtension
        {
            stem.removeLast(fileExtension.count)
        }
        let prefix = stem + [UInt8(ascii: "-")]
        guard name.count > prefix.count + fileExtension.count, Array(name.prefix(prefix.count)) == prefix,
            Array(name.suffix(fileExtension.count)) == fileExtension
        else { return false }
        let digits = name[prefix.count..<(name.count - fileExtension.count)]
        return digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The extension of `name` with its dot (`.JPG` as it is), empty when it has none.
    public static func fileExtension(of name: RawPath) -> [UInt8] {
        let bytes = name.lastComponent.bytes
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < bytes.count - 1 else { return [] }
        return Array(bytes[dot...])
    }

    /// One component made safe; nil when nothing is left of it.
    static func component(_ bytes: [UInt8], room: Int = 0) -> [UInt8]? {
        var safe = bytes.map { byte -> UInt8 in
            switch byte {
            case 0x00...0x1F, 0x7F, UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: ":"), UInt8(ascii: "*"),
                UInt8(ascii: "?"), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"):
                replacement
            default: byte
            }
        }
        while safe.first == UInt8(ascii: " ") { safe.removeFirst() }
        while safe.last == UInt8(ascii: " ") { safe.removeLast() }
        guard !safe.isEmpty else { return nil }
        // A leading dot would hide the file; `.` and `..` would leave the folder.
        if safe[0] == UInt8(ascii: ".") { safe[0] = replacement }
        let limit = maximumComponent - room
        if safe.count > limit {
            var end = limit
            // Cut between characters: never inside a UTF-8 sequence.
            while end > 0, (safe[end] & 0xC0) == 0x80 { end -= 1 }
            safe = Array(safe[..<end])
        }
        return safe
    }
}

extension Array where Element == UInt8 {
    fileprivate func hasSuffix(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
