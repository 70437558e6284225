import PhotoCatalog
import PhotoLibrary
import PhotoSupport

extension GalleryAPI {
    /// `GET /thumbnail/ID`, `/preview/ID`, `/original/ID`. A missing thumbnail is answered
    /// with the preview (made now if need be, as `peek` makes it): the grid scales it down.
    func file(_ kind: String, id: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let asset = try? asset(id) else { return .error(404, "no such asset") }
        if kind == "original" {
            guard let path = try? library.originalPath(of: asset) else {
                return .error(404, "the original is outside the library or gone")
            }
            return FileResponses.original(path, asset: asset, request: request)
        }
        let source = PreviewSource(library: library, catalog: library.isWritable ? catalog : nil)
        let existing = source.existingRenditions(of: asset)
        let wanted: RenditionKind = kind == "thumbnail" ? .thumbnail : .preview
        let tag = "\(asset.contentHash ?? asset.id.hex)-\(wanted.rawValue)"
        if let file = existing[wanted] ?? existing[.preview] {
            return FileResponses.rendition(file, tag: tag, request: request)
        }
        var made = asset
        do {
            let file = try source.preview(for: &made)
            return FileResponses.rendition(file, tag: tag, request: request)
        } catch {
            return .error(404, "no preview: \(error)")
        }
    }
}
