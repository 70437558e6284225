import Testing

@testable import PhotoFormats

/// Profile names are remembered by the profile's bytes (`ColourDescription.name(of:)`): a
/// profile asked for again must get the name it got the first time, never another's.
@Suite struct ColourNameTests {
    @Test(.enabled(if: ColourTransformTests.haveProfiles, Comment(rawValue: ColourTransformTests.profilesMissing)))
    func profilesAskedForAgainKeepTheirOwnNames() throws {
        let srgb = try #require(ColourTransformTests.systemProfile("sRGB.icc"))
        let adobe = try #require(ColourTransformTests.systemProfile("AdobeRGB1998.icc"))
        let rounds = (0..<3).map { _ in
            [ColourDescription.name(of: .iccProfile(srgb)), ColourDescription.name(of: .iccProfile(adobe))]
        }
        let first = try #require(rounds.first)
        #expect(first[0] != nil && first[1] != nil && first[0] != first[1])
        #expect(rounds.allSatisfy { $0 == first })
    }

    @Test func aProfileThatDoesNotReadStaysUnnamed() {
        let bytes = [UInt8](repeating: 9, count: 300)
        #expect(ColourDescription.name(of: .iccProfile(bytes)) == nil)
        #expect(ColourDescription.name(of: .iccProfile(bytes)) == nil)
    }
}
