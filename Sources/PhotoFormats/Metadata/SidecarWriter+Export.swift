import Foundation
import PhotoSupport

extension SidecarWriter {
    /// The sidecar beside an exported copy (`photolib export --sidecars`): the fields
    /// `update` writes (keywords included), and the asset's own `rating` where it is not a favourite (a favourite
    /// is rated 5). Made new beside a new copy, edited in place beside an earlier one.
    @discardableResult
    public static func updateExported(
        folder: DirectoryHandle, photoName: RawPath, caption: String?, city: String?, favourite: Bool, rating: Int?,
        keywords: [String] = []
    ) throws -> RawPath {
        let path = try update(
            folder: folder, photoName: photoName, caption: caption, city: city, favourite: favourite,
            keywords: keywords.isEmpty ? nil : keywords)
        guard !favourite, let rating else { return path }
        let name = path.lastComponent
        let bytes = folder.status(name) == nil ? Array(skeleton.utf8) : try Sidecar.readBytes(path)
        let packet: EditableXMPPacket
        do { packet = try EditableXMPPacket(bytes: bytes) } catch {
            throw SidecarError(path: path, reason: .malformed(error.description))
        }
        guard let description = packet.descriptions.first else { throw SidecarError(path: path, reason: .noRDF) }
        var editor = XMPEditor(bytes: bytes, packet: packet, target: description)
        guard editor.current(XMPNamespace.xmp, "Rating").flatMap(XMPPacket.rating) != rating else { return path }
        editor.set(XMPNamespace.xmp, "Rating", to: String(rating), languageAlternative: false)
        try folder.writeAtomically(editor.result(), name: name)
        return path
    }
}
