import PhotoCatalog
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

/// A picture the screen wants: an asset's rendition drawn in a box of cells. The identity of
/// a drawing, and its key in the cache (the content hash, so that a changed file is redrawn;
/// nil until the original was read whole, when the worker reads it to name its renditions).
struct PictureRequest: Hashable, Sendable {
    var assetID: AssetID
    var contentHash: String?
    var kind: RenditionKind
    var columns: Int
    var rows: Int
}

/// What a worker needs to make a request's picture, the rendition first when it is missing.
struct PictureJob: Sendable {
    var request: PictureRequest
    /// Where the original is now (in the trash for a trashed asset).
    var original: RawPath
    var orientation: Int
    var missing: Bool
    /// Why the photo cannot have renditions, when an index found it does not decode: the
    /// workers then show that at once instead of decoding it again for every cell.
    var undecodable: String?
    /// The rendition's pixel size, when the catalog knows the photo's (for placing pixel pictures).
    var pixelSize: (width: Int, height: Int)?

    init(request: PictureRequest, asset: Asset, library: Library) {
        self.request = request
        // A catalog path that leads outside the library is never read: shown as missing.
        let confined = try? library.originalPath(of: asset)
        original = confined ?? library.absolutePath(of: asset.file.relativePath)
        orientation = asset.metadata.orientation
        missing = asset.missing || confined == nil
        undecodable = asset.undecodable ? (asset.damage ?? "the photo cannot be decoded") : nil
        if let width = asset.metadata.displayWidth, let height = asset.metadata.displayHeight {
            pixelSize = RenditionSpec.standard(request.kind, settings: library.settings)
                .fittedSize(displayWidth: width, displayHeight: height, format: asset.metadata.format)
        }
    }
}

/// How pictures are drawn: the protocol, the colours, and a cell's pixel size when the
/// terminal says it.
struct PictureStyle: Sendable, Equatable {
    var method: TerminalGraphics.Method
    var colors: TerminalGraphics.Colors
    var cellWidth: Int?
    var cellHeight: Int?

    var cell: (width: Int, height: Int)? {
        guard let cellWidth, let cellHeight else { return nil }
        return (cellWidth, cellHeight)
    }
}

/// A picture ready for the screen, as the cells it takes.
struct DrawnPicture: Sendable {
    var columns: Int
    var rows: Int
    /// Symbols: the bytes of each row, to be placed row by row among other text.
    var lines: [[UInt8]]
    /// Pixel protocols: the escape sequence that draws it at the cursor.
    var pixels: [UInt8]
}

/// What became of a request.
enum PictureResult: Sendable {
    case drawn(DrawnPicture)
    /// It cannot be shown (undecodable, missing original); the reason, for the facts.
    case failed(String)

    var picture: DrawnPicture? {
        if case .drawn(let picture) = self { return picture }
        return nil
    }
}
