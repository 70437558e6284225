import Foundation
import Testing
@testable import PhotoCore

@Suite struct PreviewActionTests {
    private func asset(favourite: Bool = false, liked: Bool = false, trashed: Bool = false) -> Asset {
        let scanned = CatalogFixtures.scanned("3fa2c81d00000001", "a.jpg")
        return Asset(id: scanned.id, file: scanned.file, metadata: scanned.metadata, favourite: favourite, liked: liked,
                     trashed: trashed, indexedAt: Date())
    }

    @Test func titlesFollowTheState() {
        let fresh = PreviewAction.offered(for: asset(), reference: "3fa2c81d")
        #expect(fresh.map(\.title) == ["Make Favourite", "Like", "Delete"])
        #expect(fresh.map(\.style) == [.default, .default, .destructive])
        #expect(fresh.map(\.command) == ["photolib action favourite 3fa2c81d", "photolib action like 3fa2c81d",
                                         "photolib action delete 3fa2c81d"])
        let done = PreviewAction.offered(for: asset(favourite: true, liked: true, trashed: true), reference: "3fa2c81d",
                                         libraryArgument: ShellQuoting.quote("/tmp/my photos"))
        #expect(done.map(\.title) == ["Remove Favourite", "Unlike", "Restore"])
        #expect(done.map(\.name) == ["unfavourite", "unlike", "restore"])
        #expect(done.allSatisfy { $0.style == .default })
        #expect(done[2].command == "photolib action restore 3fa2c81d --library '/tmp/my photos'")
    }

    @Test func shellQuoting() {
        #expect(ShellQuoting.quote("2015/a-b_c.jpg") == "2015/a-b_c.jpg")
        #expect(ShellQuoting.quote("it's here") == "'it'\\''s here'")
        #expect(ShellQuoting.quote("") == "''")
        #expect(ShellQuoting.quote("$HOME") == "'$HOME'")
    }

    @Test func actionNamesAndAliases() {
        #expect(AssetAction(named: "favorite") == .favourite)
        #expect(AssetAction(named: "toggle-favorite") == .toggleFavourite)
        #expect(AssetAction(named: "Unfavorite") == .unfavourite)
        #expect(AssetAction(named: "share") == nil)
        #expect(AssetAction.favourite.aliases == ["favorite"])
        #expect(AssetAction.like.aliases == [])
    }
}
