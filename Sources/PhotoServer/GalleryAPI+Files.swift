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
        let wanted: RenditionKind = kind == "thumbnail" ? .thumbnail : .preview
        let tag = "\(asset.contentHash ?? asset.id.hex)-\(wanted.rawValue)"
        // Opened as the hash route opens them: through no symlink from the library's root down.
        if let hash = asset.contentHash, let file = server.renditions.open(hash: hash, kind: wanted) {
            return FileResponses.rendition(file, tag: tag, request: request)
        }
        var made = asset
        do {
            let source = PreviewSource(library: library, catalog: library.isWritable ? catalog : nil)
            let file = try source.preview(for: &made)
            if let hash = made.contentHash {
                guard let opened = server.renditions.open(hash: hash, kind: .preview) else {
                    return .error(404, "no preview")
                }
                return FileResponses.rendition(opened, tag: tag, request: request)
            }
            return FileResponses.rendition(file, tag: tag, request: request)
        } catch {
            return .error(404, "no preview: \(error)")
        }
    }
}
