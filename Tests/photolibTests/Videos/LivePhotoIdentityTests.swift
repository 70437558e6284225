import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

/// End to end: a Live Photo's movie renamed apart from its photo is paired by identity (the
/// photo's Apple MakerNote tag 0x0011 and the movie's `com.apple.quicktime.content.identifier`,
/// in the same folder), goes to the trash and back with it and is exported beside it; a movie
/// whose photo is not there, or without an identity, is a video of its own.
@Suite(.enabled(if: VideoClips.isAvailable, Comment(rawValue: VideoClips.skipMessage)))
struct LivePhotoIdentityTests {
    static let paired = "4E3B1C2D-5A6F-4B7C-8D9E-0F1A2B3C4D5E"

    /// An APP1 EXIF segment whose EXIF directory holds an Apple MakerNote with `identity` as
    /// tag 0x0011, as an iPhone writes it (big-endian; the MakerNote's offsets count from its
    /// own first byte). No tool writes a MakerNote from nothing, so the bytes are made here.
    static func exifSegment(identity: String) -> [UInt8] {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
        let text = Array(identity.utf8) + [0]
        var note = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8)
        note += be16(1) + be16(0x0011) + be16(2) + be32(text.count) + be32(32) + be32(0)
        note += text
        var tiff = Array("MM".utf8) + be16(42) + be32(8)
        tiff += be16(1) + be16(0x8769) + be16(4) + be32(1) + be32(26) + be32(0)
        tiff += be16(1) + be16(0x927C) + be16(7) + be32(note.count) + be32(44) + be32(0)
        tiff += note
        let payload = Array("Exif\0\0".utf8) + tiff
        return [0xFF, 0xE1] + be16(payload.count + 2) + payload
    }

    /// SampleLibrary's photo without EXIF, with that segment after its start-of-image marker.
    static func photo(identity: String, to url: URL) throws {
        let plain = [UInt8](try Data(contentsOf: SampleFiles.root.appendingPathComponent("no-exif.jpg")))
        try Data(Array(plain.prefix(2)) + exifSegment(identity: identity) + Array(plain.dropFirst(2))).write(to: url)
    }

    static func movie(_ name: String, in folder: URL, identity: String?) throws {
        var arguments = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=30:duration=1.5", "-c:v", "libx264"]
        if let identity {
            arguments += [
                "-metadata", "com.apple.quicktime.content.identifier=\(identity)", "-movflags", "use_metadata_tags",
            ]
        }
        try VideoClips.make(name, in: folder, arguments)
    }

    @Test func renamedLivePhotosArePairedByIdentity() throws {
        let library = try TestLibrary()
        let trip = library.url("trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        try Self.photo(identity: Self.paired, to: trip.appendingPathComponent("holiday.jpg"))
        try Self.movie("IMG_4242 (export 2).MOV", in: trip, identity: Self.paired)
        try Self.photo(identity: "0A0B0C0D-0000-4000-8000-000000000001", to: trip.appendingPathComponent("other.jpg"))
        try Self.movie("orphan.mov", in: trip, identity: "0A0B0C0D-0000-4000-8000-0000000000FF")
        try Self.movie("clip.mov", in: trip, identity: nil)
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)

        // exiftool, the oracle, reads the identity from the photo made above.
        if MovieClips.exiftool != nil {
            let tags = try MovieClips.exiftoolTags(
                RawPath(trip.appendingPathComponent("holiday.jpg").path), ["-MakerNotes:all"])
            #expect(tags.values.contains { $0 as? String == Self.paired }, "\(tags)")
        }

        let index = try library.run(["index", "--no-renditions"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stdout.contains("added 4,"), "\(index.stdout)")
        #expect(index.stdout.contains("companions 1"), "\(index.stdout)")
        let kinds = Dictionary(
            try library.assets().map { ($0["fileName"] as? String ?? "", $0["kind"] as? String ?? "") },
            uniquingKeysWith: { first, _ in first })
        #expect(kinds == ["holiday.jpg": "live", "other.jpg": "photo", "orphan.mov": "video", "clip.mov": "video"])
        let live = try #require(try library.assets(["--kind", "live"]).first)
        #expect(abs((live["duration"] as? Double ?? 0) - 1.5) <= 0.1)

        // To the trash with its photo, and back.
        #expect(try library.run(["action", "delete", "trip/holiday.jpg"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: trip.appendingPathComponent("IMG_4242 (export 2).MOV").path))
        #expect(FileManager.default.fileExists(atPath: trip.appendingPathComponent("orphan.mov").path))
        #expect(try library.run(["action", "restore", "trip/holiday.jpg"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: trip.appendingPathComponent("IMG_4242 (export 2).MOV").path))

        // Exported beside it, under its name.
        let out = try TemporaryDirectory()
        let export = try library.run(["export", out.url.path, "--with-companions", "--kind", "live"])
        #expect(export.status == 0, "\(export.stderr)")
        let files = (FileManager.default.enumerator(atPath: out.url.path)?.compactMap { $0 as? String } ?? [])
            .map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(files.contains("holiday.jpg") && files.contains("holiday.MOV"), "\(files)")

        // Indexed again, nothing changes.
        let again = try library.run(["index", "--no-renditions"])
        #expect(again.stdout.contains("added 0,") && again.stdout.contains("companions 1"), "\(again.stdout)")
    }
}
