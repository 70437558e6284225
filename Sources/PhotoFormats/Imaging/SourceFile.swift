import Foundation
import PhotoSupport

/// What renditions read of a source photo without decoding it.
package enum SourceFile {
    /// The stored pixel size from the frame header (SOFn), found by the metadata reader's marker
    /// walk over the file's first bytes; the image data is never read. Nil when there is no frame header.
    package static func frameSize(of path: RawPath) throws -> (width: Int, height: Int)? {
        let file = try RegularFile(path)
        defer { withExtendedLifetime(file) {} }
        let info = file.status
        let reader = FileDescriptorReader(descriptor: file.descriptor)
        var head = [UInt8](repeating: 0, count: Int(min(Int64(info.st_size), 64 << 10)))
        let count = head.withUnsafeMutableBytes { reader.read(at: 0, into: $0) }
        guard count >= 2, head[0] == 0xFF, head[1] == 0xD8 else { return nil }
        let walk = head.withUnsafeBytes { bytes in
            JPEGMarkerReader.walk(
                head: UnsafeRawBufferPointer(rebasing: bytes[..<count]),
                fileSize: Int64(info.st_size), reader: reader)
        }
        guard let frame = walk.layout.frame, frame.width > 0, frame.height > 0 else { return nil }
        return (frame.width, frame.height)
    }
}

/// The COM marker every rendition made with colour management carries, right after JFIF's
/// APP0: renditions made before it keep their names (nothing in the name changed for a photo
/// already in sRGB), so only this says whether a rendition's colours were converted.
package enum RenditionMark {
    /// The marker's text; a later change to how renditions are made bumps the number.
    package static let colourManaged = "photolib colour 1"

    /// True when the JPEG at `path` carries `colourManaged` among its first markers. A file
    /// that cannot be read says false: it is reported stale and made again.
    package static func isColourManaged(_ path: RawPath) -> Bool {
        guard let file = try? RegularFile(path) else { return false }
        let reader = FileDescriptorReader(descriptor: file.descriptor)
        var head = [UInt8](repeating: 0, count: 128)
        let count = withExtendedLifetime(file) { head.withUnsafeMutableBytes { reader.read(at: 0, into: $0) } }
        guard count > 4, head[0] == 0xFF, head[1] == 0xD8 else { return false }
        // SOI, then markers each with a two-byte length, until the comment or the first non-APPn.
        var offset = 2
        while offset + 4 <= count, head[offset] == 0xFF {
            let marker = head[offset + 1]
            let length = Int(head[offset + 2]) << 8 | Int(head[offset + 3])
            if marker == 0xFE {
                let end = min(count, offset + 2 + length)
                return head[(offset + 4)..<end].elementsEqual(colourManaged.utf8)
            }
            guard (0xE0...0xEF).contains(marker), length >= 2 else { return false }
            offset += 2 + length
        }
        return false
    }
}
