import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// What goes beside a copy: its XMP sidecar and its companions.
extension AssetExporter {
    /// The XMP beside the copy: caption, city, favourite, rating and keywords, for other tools to read.
    func writeSidecar(for asset: Asset, beside copy: RawPath) throws {
        try SidecarWriter.updateExported(
            folder: try destination.openFolder(of: copy), photoName: copy.lastComponent,
            caption: asset.caption, city: asset.city, favourite: asset.favourite, rating: asset.rating,
            keywords: asset.keywords)
    }

    /// The original's companions beside the copy, under the copy's name with their own
    /// extension, so that they stay a group by name. A name already holding a file of the
    /// companion's size counts as there; another file there is never replaced.
    func copyCompanions(of asset: Asset, beside copy: RawPath, into outcome: inout ExportOutcome) throws {
        let original = try library.originalPath(of: asset)
        for planned in OriginalExport.companionCopies(of: original, exportedTo: copy) {
            let name = planned.target.lastComponent
            let relative = copy.parent.description == "." ? name : copy.parent.appending(name)
            if let info = try destination.status(relative) {
                guard (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) == planned.companion.size else {
                    throw ExportCollisionError(path: destination.path.appending(relative))
                }
            } else if !options.dryRun {
                let source = FileTransfer.Place(
                    folder: try DirectoryHandle.open(root: planned.companion.path.parent),
                    name: planned.companion.path.lastComponent)
                try FileTransfer.copy(
                    source, to: FileTransfer.Place(folder: try destination.openFolder(of: relative), name: name))
            }
            outcome.companions += 1
        }
    }
}
