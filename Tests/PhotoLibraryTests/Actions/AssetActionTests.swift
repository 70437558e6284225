import Testing

@testable import PhotoLibrary

@Suite struct AssetActionTests {
    @Test func actionNamesAndAliases() {
        #expect(AssetAction(named: "favorite") == .favourite)
        #expect(AssetAction(named: "toggle-favorite") == .toggleFavourite)
        #expect(AssetAction(named: "Unfavorite") == .unfavourite)
        #expect(AssetAction(named: "share") == nil)
        #expect(AssetAction.favourite.aliases == ["favorite"])
        #expect(AssetAction.like.aliases == [])
    }
}
