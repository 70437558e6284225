import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

extension PopCommand {
    /// The movie of a Live Photo (its companion beside it, found by name or identity) or of a
    /// motion photo (the clip appended to the JPEG, where its XMP says), for `--output - --motion`.
    static func motionBytes(of original: RawPath, asset: Asset) throws -> [UInt8] {
        if let clip = MotionPhoto.clip(original) { return clip }
        if let movie = Companions.of(original).first(where: { $0.kind == .video }) {
            return try FileSystem.readFile(movie.path)
        }
        throw NoMotionError(path: asset.file.relativePath)
    }
}

/// `pop --motion` on an asset with no movie: a plain photo, or a video (whose own bytes
/// `--output -` gives).
struct NoMotionError: PhotolibError {
    var path: RawPath

    var kind: ErrorKind { .badData }
    var description: String { "\(path): not a Live Photo or motion photo (no movie to hand out)" }
}
