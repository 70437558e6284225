import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport
import Testing

@testable import photolib

@Suite struct PreviewActionTests {
    private func asset(favourite: Bool = false, liked: Bool = false, trashed: Bool = false) -> Asset {
        Asset(
            id: AssetID(hex: "3fa2c81d00000001")!,
            file: FileFacts(relativePath: RawPath("a.jpg"), size: 1_000, modifiedNanoseconds: 0, fingerprint: "fp"),
            metadata: PhotoMetadata(), favourite: favourite, liked: liked, trashed: trashed, indexedAt: Date())
    }

    @Test func titlesFollowTheState() {
        let fresh = ActionCommandLine.offered(for: asset(), reference: "3fa2c81d")
        #expect(fresh.map(\.action.title) == ["Make Favourite", "Like", "Delete"])
        #expect(fresh.map(\.action.style) == [.default, .default, .destructive])
        #expect(
            fresh.map(\.command) == [
                "photolib action favourite 3fa2c81d", "photolib action like 3fa2c81d",
                "photolib action delete 3fa2c81d",
            ])
        let done = ActionCommandLine.offered(
            for: asset(favourite: true, liked: true, trashed: true), reference: "3fa2c81d",
            libraryArgument: ShellQuoting.quote("/tmp/my photos"))
        #expect(done.map(\.action.title) == ["Remove Favourite", "Unlike", "Restore"])
        #expect(done.map(\.action.name) == ["unfavourite", "unlike", "restore"])
        #expect(done.allSatisfy { $0.action.style == .default })
        #expect(done[2].command == "photolib action restore 3fa2c81d --library '/tmp/my photos'")
    }

    @Test func shellQuoting() {
        #expect(ShellQuoting.quote("2015/a-b_c.jpg") == "2015/a-b_c.jpg")
        #expect(ShellQuoting.quote("it's here") == "'it'\\''s here'")
        #expect(ShellQuoting.quote("") == "''")
        #expect(ShellQuoting.quote("$HOME") == "'$HOME'")
    }
}
