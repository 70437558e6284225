import Foundation
import PhotoFormats
import PhotoSupport

/// Where renditions live: `<library>/.photolib/renditions/ab/cd/<fingerprint>-<spec>.jpg`.
///
/// A file's name is its source's content fingerprint plus the spec that made it, so an edited
/// original gets new files and an unchanged one is never rendered twice. The two fan-out levels
/// (the fingerprint's first four hex digits) keep folders small. Files are only ever written
/// whole: to a temporary file in the same folder, then renamed into place.
public struct RenditionStore: Sendable {
    /// The folder that holds the fan-out tree (`Library.renditionsDirectory`).
    public let directory: RawPath

    public init(directory: RawPath) {
        self.directory = directory
    }

    public init(library: Library) {
        self.init(directory: library.renditionsDirectory)
    }

    /// The file of the `spec` rendition of the content `fingerprint` (hex digits, at least 4).
    public func path(fingerprint: String, spec: RenditionSpec) throws -> RawPath {
        guard RenditionStore.isValid(fingerprint: fingerprint) else {
            throw ImagingError(path: directory, reason: .invalidFingerprint(fingerprint))
        }
        let digits = Array(fingerprint.utf8)
        return
            directory
            .appending(RawPath(bytes: Array(digits[0..<2])))
            .appending(RawPath(bytes: Array(digits[2..<4])))
            .appending("\(fingerprint)-\(spec).jpg")
    }

    /// The rendition when its file exists, with the size it was made at for an image displayed
    /// at `displayWidth` x `displayHeight`; nil when not made yet (or the fingerprint is invalid).
    /// Only a `stat`: no catalog column and no decoding.
    public func existingFile(
        fingerprint: String, spec: RenditionSpec,
        displayWidth: Int, displayHeight: Int
    ) -> RenditionFile? {
        guard let path = try? path(fingerprint: fingerprint, spec: spec), isRendition(path) else { return nil }
        let size = spec.fittedSize(displayWidth: displayWidth, displayHeight: displayHeight)
        return RenditionFile(path: path, width: size.width, height: size.height)
    }

    /// True when `path` holds a finished rendition (a non-empty regular file).
    func isRendition(_ path: RawPath) -> Bool {
        guard let info = FileSystem.status(path) else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
    }

    /// Writes a rendition's bytes so that readers see the whole file or none of it.
    func write(_ bytes: UnsafeRawBufferPointer, to path: RawPath) throws {
        try FileSystem.createDirectory(path.parent)
        try FileSystem.writeAtomically(Array(bytes.bindMemory(to: UInt8.self)), to: path)
    }

    static func isValid(fingerprint: String) -> Bool {
        let digits = fingerprint.utf8
        return digits.count >= 4
            && digits.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            }
    }
}

/// A rendition on disk and its pixel size.
public struct RenditionFile: Sendable, Equatable {
    public var path: RawPath
    public var width: Int
    public var height: Int

    public init(path: RawPath, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }
}
