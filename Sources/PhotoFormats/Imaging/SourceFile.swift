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
