import Foundation
import PhotoSupport

/// XMP sidecars: the `.xmp` files that darktable, digiKam (`photo.jpg.xmp`) and Lightroom
/// (`photo.xmp`) keep beside a photo instead of writing into it.
public enum Sidecar {
    /// Larger files are not read: no sidecar photolib knows of comes near.
    public static let maximumSize = 16 << 20

    /// The sidecar names photolib looks for beside `photo`, in the order it prefers them:
    /// `photo.jpg.xmp`, `photo.xmp`, then the same with `.XMP`.
    public static func candidates(for photo: RawPath) -> [RawPath] {
        let name = photo.lastComponent.bytes
        var stem = name
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 { stem = Array(name[..<dot]) }
        let folder = photo.parent
        var names = [name + Array(".xmp".utf8)]
        if stem != name { names.append(stem + Array(".xmp".utf8)) }
        names += names.map { Array($0.dropLast(3)) + Array("XMP".utf8) }
        return names.map { folder.appending(RawPath(bytes: $0)) }
    }

    /// The sidecar beside `photo` that photolib reads and updates, if any.
    public static func locate(for photo: RawPath) -> RawPath? {
        candidates(for: photo).first { path in
            guard let info = FileSystem.status(path) else { return false }
            return (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// True for names that are sidecars (`*.xmp`, any case), which indexing never reads as photos.
    public static func isSidecarName(_ path: RawPath) -> Bool {
        // Asked of every walked file: the last five bytes, compared in place.
        var bytes = path.bytes[...]
        if bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        guard bytes.count > 4 else { return false }
        let end = bytes.endIndex
        return bytes[end - 5] != UInt8(ascii: "/") && bytes[end - 4] == UInt8(ascii: ".")
            && bytes[end - 3] | 0x20 == UInt8(ascii: "x") && bytes[end - 2] | 0x20 == UInt8(ascii: "m")
            && bytes[end - 1] | 0x20 == UInt8(ascii: "p")
    }

    /// What decides whether a sidecar changed: its name (the photo may gain a more specific
    /// one), size and modification time, as for the photo itself.
    public static func stamp(path: RawPath, size: Int64, modifiedNanoseconds: Int64) -> String {
        "\(size):\(modifiedNanoseconds):\(path.lastComponent)"
    }

    /// Caption, place and rating from a sidecar.
    public static func read(_ path: RawPath) throws -> PhotoText {
        let bytes = try readBytes(path)
        do {
            return try XMPPacket(bytes: bytes).text
        } catch {
            throw SidecarError(path: path, reason: .malformed(error.description))
        }
    }

    /// The whole file, refusing one over `maximumSize`.
    static func readBytes(_ path: RawPath) throws -> [UInt8] {
        if let info = FileSystem.status(path), Int64(info.st_size) > Int64(maximumSize) {
            throw SidecarError(path: path, reason: .tooLarge(Int64(info.st_size)))
        }
        return try FileSystem.readFile(path)
    }
}

/// Why a sidecar could not be read or written.
public struct SidecarError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case malformed(String)
        case tooLarge(Int64)
        /// The sidecar has no `rdf:RDF` to hold photolib's fields.
        case noRDF
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind { .badData }

    public var description: String {
        switch reason {
        case .malformed(let why): "\(path): unreadable XMP sidecar: \(why)"
        case .tooLarge(let size): "\(path): XMP sidecar of \(size) bytes is over the \(Sidecar.maximumSize)-byte limit"
        case .noRDF: "\(path): XMP sidecar has no rdf:RDF element"
        }
    }
}
