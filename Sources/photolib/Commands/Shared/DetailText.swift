import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// The lines `pop` and the browser's detail view show after the facts.
enum DetailText {
    /// What pop shows after the facts and actions: the file, its companions (RAW twin,
    /// `.THM`, Live Photo movie), the renditions and every EXIF entry (the browser's detail
    /// view shows the same lines).
    static func text(
        _ asset: Asset, original: RawPath, exif: [ExifField], renditions: [RenditionKind: RenditionFile],
        companions: [Companions.File] = [], width: Int?
    ) -> String {
        var file = "File\n  \(original)\n"
        file += "  \(ByteCount.text(asset.file.size)), modified \(Timestamp.iso8601(asset.file.modifiedAt)), "
        file +=
            "\(asset.metadata.pixelWidth ?? 0)x\(asset.metadata.pixelHeight ?? 0) stored, orientation \(asset.metadata.orientation)\n"
        // The source's colours as its profile or code points name them (untrusted text).
        if let colour = asset.metadata.colour { file += "  colour \(TableRenderer.sanitized(colour))\n" }
        if !companions.isEmpty {
            file += "Companions\n"
            for companion in companions {
                let kind = companion.kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                file += "  \(kind)\(companion.path) (\(ByteCount.text(companion.size)))\n"
            }
        }
        file += "Renditions\n"
        for kind in RenditionKind.allCases {
            let shown = renditions[kind].map { "\($0.width)x\($0.height)  \($0.path)" } ?? "(not made yet)"
            file += "  \(kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))\(shown)\n"
        }
        var table = TableRenderer(columns: [.init("EXIF"), .init("TAG"), .init("VALUE")], flexibleColumn: 2)
        for field in exif { table.append([field.directory, field.name, field.value]) }
        return file + (exif.isEmpty ? "EXIF\n  (none)\n" : table.render(maximumWidth: width))
    }
}
