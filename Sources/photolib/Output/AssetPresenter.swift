import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// Turns assets into what people and scripts read: the asset JSON (the same shape in
/// every command), `--format` fields, and table cells.
struct AssetPresenter {
    let library: Library
    private let renditions: RenditionLookup
    /// Short ids (the shortest unique prefix, at least 8 digits) for the assets shown.
    let shortIDs: [AssetID: String]
    private let companionFinder = CompanionFinder()

    init(library: Library, catalog: any Catalog, assets: [Asset]) throws {
        self.library = library
        self.renditions = RenditionLookup(library: library)
        self.shortIDs = try catalog.shortIDs(for: assets.map(\.id), minimumLength: AssetID.minimumDisplayLength)
    }

    /// A presenter whose caller brings each asset's short id (a list that streams, which
    /// reads them with the assets), or shows none.
    init(library: Library) {
        self.library = library
        self.renditions = RenditionLookup(library: library)
        self.shortIDs = [:]
    }

    func shortID(_ asset: Asset) -> String { shortIDs[asset.id] ?? asset.id.hex }

    /// The asset JSON documented in photolib(1) under "ASSET JSON", as a value.
    func json(_ asset: Asset) -> JSONValue {
        JSONValueBuilder.object { write(asset, to: &$0) }
    }

    /// The asset JSON's members, in order, into `sink`: the fields of `AssetFields.shown`,
    /// which both the `JSONValue` form and lists' straight-to-bytes form write.
    func write<Sink: JSONObjectSink>(_ asset: Asset, shortID: String? = nil, to sink: inout Sink) {
        for field in AssetFields.shown where field.inJSON {
            let value = field.value(asset)
            guard case .computed = value else {
                Self.write(value, as: field.name, to: &sink)
                continue
            }
            switch field.text {
            case "shortId": sink.string(field.name, shortID ?? self.shortID(asset))
            case "path": sink.path(field.name, library.absolutePath(of: asset.file.relativePath))
            case "renditions": writeRenditions(asset, to: &sink)
            case "companions": writeCompanions(asset, to: &sink)
            default: sink.null(field.name)
            }
        }
    }

    /// One field's value as the asset JSON writes it.
    static func write<Sink: JSONObjectSink>(
        _ value: AssetFieldValue, as name: StaticString, to sink: inout Sink
    ) {
        switch value {
        case .text(let text): sink.string(name, text)
        case .integer(let number): sink.int(name, number)
        case .bool(let flag): sink.bool(name, flag)
        case .real(let number): sink.double(name, number)
        case .time(let date): sink.string(name, date.map(Timestamp.iso8601))
        case .path(let path): sink.path(name, path)
        case .list(let items): sink.strings(name, items)
        case .object(let members):
            sink.object(name, members) { object, members in
                for member in members { write(member.value, as: member.name, to: &object) }
            }
        case .computed: sink.null(name)
        }
    }

    /// The files that belong to the asset's photo (its RAW, its camera's .THM, its Live
    /// Photo movie), found beside the original by name; none for an asset in the trash.
    private func writeCompanions<Sink: JSONObjectSink>(_ asset: Asset, to sink: inout Sink) {
        let companions =
            asset.trashed ? [] : companionFinder.companions(of: library.absolutePath(of: asset.file.relativePath))
        sink.objects("companions", companions) { object, file in
            object.path("path", file.path)
            object.string("kind", file.kind.rawValue)
            object.int("size", file.size)
        }
    }

    /// The names `--format` accepts: the template fields of `AssetFields.shown`, in its order.
    static let formatFields = AssetFields.shown.filter(\.inTemplates).map(\.text)

    static func gpsStatus(_ metadata: PhotoMetadata) -> String? { AssetFields.gpsStatus(metadata) }

    /// The `--format` fields that are file names, as their exact bytes (not always UTF-8).
    func pathFields(_ asset: Asset) -> [String: [UInt8]] {
        [
            "path": library.absolutePath(of: asset.file.relativePath).bytes,
            "relativePath": asset.file.relativePath.bytes,
            "fileName": asset.file.relativePath.lastComponent.bytes,
            "baseName": Self.baseName(asset.file.relativePath),
        ]
    }

    /// The file name without its extension (`IMG_0001` for `IMG_0001.JPG`).
    static func baseName(_ path: RawPath) -> [UInt8] {
        let name = path.lastComponent.bytes
        return Array(name.dropLast(ExportName.fileExtension(of: path).count))
    }

    /// One asset's `--format` fields as text; absent values are nil (printed as nothing).
    func formatFields(_ asset: Asset, shortID: String? = nil) -> [String: String?] {
        var fields: [String: String?] = [:]
        fields.reserveCapacity(Self.formatFields.count)
        for field in AssetFields.shown where field.inTemplates {
            let name = field.text
            let text: String? =
                switch field.value(asset) {
                case .computed:
                    switch name {
                    case "shortId": shortID ?? self.shortID(asset)
                    case "path": library.absolutePath(of: asset.file.relativePath).description
                    case "baseName": String(decoding: Self.baseName(asset.file.relativePath), as: UTF8.self)
                    default: nil
                    }
                case let value: Self.text(value)
                }
            fields.updateValue(text, forKey: name)
        }
        return fields
    }

    /// One field's value as templates write it.
    private static func text(_ value: AssetFieldValue) -> String? {
        switch value {
        case .text(let text): text
        case .integer(let number): number.map { String($0) }
        case .bool(let flag): String(flag)
        case .real(let number): number.map { String($0) }
        case .time(let date): date.map(Timestamp.iso8601)
        case .path(let path): path.description
        case .list(let items): KeywordColumns.logText(items)
        case .object, .computed: nil
        }
    }

    /// `{thumbnail: {path, width, height}, preview: …}`, null for one not made yet.
    private func writeRenditions<Sink: JSONObjectSink>(_ asset: Asset, to sink: inout Sink) {
        let existing = renditions.existing(of: asset)
        sink.object("renditions") { object in
            for (kind, file) in zip(renditions.kinds, existing) {
                object.object(kind.jsonKey, file) { Self.write($1, to: &$0) }
            }
        }
    }

    /// A rendition's `{path, width, height}`.
    static func write<Sink: JSONObjectSink>(_ file: RenditionFile, to sink: inout Sink) {
        sink.path("path", file.path)
        sink.int("width", file.width)
        sink.int("height", file.height)
    }

    /// A rendition as `{path, width, height}`, or null.
    static func renditionJSON(_ file: RenditionFile?) -> JSONValue {
        guard let file else { return .null }
        return JSONValueBuilder.object { write(file, to: &$0) }
    }

}

extension RenditionKind {
    /// `rawValue` as a key of the asset JSON.
    fileprivate var jsonKey: StaticString {
        switch self {
        case .thumbnail: "thumbnail"
        case .preview: "preview"
        }
    }
}

/// Timestamps as photolib prints them: ISO 8601 in UTC, to the second.
enum Timestamp {
    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else {
            return String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, Int(parts.tm_mon) + 1,
                Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        }
        // Digit by digit: String(format:) cost a list of 100,000 assets a quarter of a second.
        let text = [UInt8](unsafeUninitializedCapacity: 20) { buffer, count in
            func put(_ value: Int, digits: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            put(Int(parts.tm_mon) + 1, digits: 2, at: 5)
            put(Int(parts.tm_mday), digits: 2, at: 8)
            put(Int(parts.tm_hour), digits: 2, at: 11)
            put(Int(parts.tm_min), digits: 2, at: 14)
            put(Int(parts.tm_sec), digits: 2, at: 17)
            for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")]
                as [(Int, Unicode.Scalar)]
            {
                buffer[offset] = UInt8(ascii: separator)
            }
            count = 20
        }
        return String(decoding: text, as: UTF8.self)
    }
}
