import Foundation
import PhotoSupport

/// Samsung's and Google's motion photos: a JPEG with an MP4 appended, which its XMP declares
/// (Google's `GCamera:MicroVideoOffset`, the clip's length counted from the file's end, or the
/// Container directory's `MotionPhoto` item with its `Length`). The clip is read where the XMP
/// says it is, by its movie header alone; a declaration that does not lead to a movie is
/// ignored (the photo is a photo).
public enum MotionPhoto {
    static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
    static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    /// The clip of the motion photo at `path`, its bytes; nil when the file is none.
    public static func clip(_ path: RawPath) -> [UInt8]? {
        guard let reading = try? ImageFileReader.read(path), let range = reading.motionClipRange,
            let file = try? RegularFile(path)
        else { return nil }
        return withExtendedLifetime(file) {
            var bytes = [UInt8](repeating: 0, count: Int(range.count))
            let read = bytes.withUnsafeMutableBytes {
                FileDescriptorReader(descriptor: file.descriptor).read(at: range.lowerBound, into: $0)
            }
            return read == bytes.count ? bytes : nil
        }
    }
}

extension XMPProperties {
    /// How many bytes at the file's end the motion photo's clip takes, as the XMP declares it.
    var motionPhotoClipLength: Int64? {
        if let offset = value(MotionPhoto.cameraNamespace, "MicroVideoOffset").flatMap({ Int64($0) }), offset > 0 {
            return offset
        }
        func attribute(_ name: String, of item: Document.Node) -> String? {
            document.attribute(document.name(MotionPhoto.itemNamespace, name), of: item)
        }
        for item in document.descendants(document.name(MotionPhoto.containerNamespace, "Item"), of: root)
        where attribute("Semantic", of: item) == "MotionPhoto" {
            guard let length = attribute("Length", of: item).flatMap({ Int64($0) }), length > 0 else { continue }
            let padding = attribute("Padding", of: item).flatMap { Int64($0) } ?? 0
            return length + max(0, padding)
        }
        return nil
    }
}

extension ImageFileReader {
    /// Reads the clip a JPEG's XMP declares: the photo becomes of kind `live`, with the clip's
    /// duration and codecs; returns where the clip lies. A clip that is no movie is ignored.
    static func readMotionClip(
        _ text: EmbeddedText, head: UnsafeRawBufferPointer, fileSize: Int64, reader: FileDescriptorReader,
        into metadata: inout PhotoMetadata
    ) -> Range<Int64>? {
        guard let length = text.motionClipLength, length >= 16, length < fileSize else { return nil }
        let start = fileSize - length
        let file = FileBytes(head: head, reader: reader, size: fileSize)
        guard let facts = try? MovieBoxes.read(file, start: start, end: fileSize) else { return nil }
        var clip = PhotoMetadata()
        clip.apply(facts)
        metadata.kind = .live
        metadata.video = clip.video
        return start..<fileSize
    }
}
