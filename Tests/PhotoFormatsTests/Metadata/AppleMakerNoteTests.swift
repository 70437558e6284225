import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The Live Photo identity in an Apple MakerNote: found where it lies in the file's first
/// bytes, read from its own directory, and nothing (never a crash) from a note cut anywhere
/// or one whose entry points past its end.
@Suite struct AppleMakerNoteTests {
    static let identity = "9a1b6c2d-0000-4e5f-8a9b-0c1d2e3f4a5b"

    /// A MakerNote as an iPhone writes it, holding `identity` as tag 0x0011 after one other entry.
    static func note(identity: String, pointer: Int? = nil) -> [UInt8] {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
        let text = Array(identity.utf8) + [0]
        var note = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8) + be16(2)
        note += be16(0x0001) + be16(9) + be32(1) + be32(14)
        note += be16(0x0011) + be16(2) + be32(text.count) + be32(pointer ?? 44) + be32(0)
        return note + text
    }

    @Test func readsTheIdentityWhereverTheNoteLies() {
        let file = Array(repeating: UInt8(0x41), count: 300) + Self.note(identity: Self.identity) + [0, 0]
        #expect(AppleMakerNote.contentIdentifier(in: file[...]) == Self.identity.uppercased())
        #expect(AppleMakerNote.contentIdentifier(in: Array(repeating: UInt8(0), count: 100)[...]) == nil)
    }

    @Test func aCutOrLyingNoteGivesNothing() {
        let note = Self.note(identity: Self.identity)
        for length in 0..<note.count - 1 {
            #expect(AppleMakerNote.contentIdentifier(in: note.prefix(length)) == nil, "cut at \(length)")
        }
        #expect(AppleMakerNote.contentIdentifier(in: Self.note(identity: Self.identity, pointer: 1 << 30)[...]) == nil)
        #expect(AppleMakerNote.contentIdentifier(in: Self.note(identity: "not an id; rm -rf")[...]) == nil)
    }

    /// A burst's frames: tag 0x000b beside the Live Photo's 0x0011, each read by its own tag,
    /// and nothing from a note cut anywhere.
    @Test func readsTheBurstIdentifierByItsOwnTag() {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
        let burst = Array("8b2f0c1e-1111-4a2b-9c3d-4e5f6a7b8c9d".utf8) + [0]
        let live = Array(Self.identity.utf8) + [0]
        // Two entries (16 + 24 + 4 = 44): the burst's text at 44, the identity's after it.
        var note = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8) + be16(2)
        note += be16(0x000B) + be16(2) + be32(burst.count) + be32(44)
        note += be16(0x0011) + be16(2) + be32(live.count) + be32(44 + burst.count) + be32(0)
        note += burst + live
        let file = Array(repeating: UInt8(0x20), count: 50) + note
        let found = file.withUnsafeBytes { AppleMakerNote.burstIdentifier(in: $0) }
        #expect(found == "8B2F0C1E-1111-4A2B-9C3D-4E5F6A7B8C9D")
        #expect(AppleMakerNote.contentIdentifier(in: file[...]) == Self.identity.uppercased())
        let onlyLive = Self.note(identity: Self.identity)
        #expect(onlyLive.withUnsafeBytes { AppleMakerNote.burstIdentifier(in: $0) } == nil)
        for length in 0..<note.count - live.count - 1 {
            #expect(note.prefix(length).withUnsafeBytes { AppleMakerNote.burstIdentifier(in: $0) } == nil)
        }
    }

    /// iPhone HEICs of the corpus: the identity is exiftool's `MediaGroupUUID` (tag 0x0011),
    /// and a photo without one (not a Live Photo) has none.
    @Test(.enabled(if: Corpus.isAvailable && MovieClips.exiftool != nil, Comment(rawValue: Corpus.skipMessage)))
    func readsWhatExiftoolReadsOfIPhonePhotos() throws {
        let folder = Corpus.root.appendingPathComponent("formats")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.lowercased().hasSuffix(".heic")
        }
        var withIdentity = 0
        for name in names.sorted() {
            let path = RawPath(folder.appendingPathComponent(name).path)
            let tags = try MovieClips.exiftoolTags(path, ["-MediaGroupUUID"])
            let expected = (tags["MediaGroupUUID"] as? String)?.uppercased()
            if expected != nil { withIdentity += 1 }
            #expect(AppleMakerNote.contentIdentifier(path) == expected, "\(name)")
        }
        #expect(withIdentity > 0, "no corpus HEIC carries an identity: the test checks nothing")
    }
}
