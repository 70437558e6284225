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

    /// A profile in parts (a JPEG's APP2 chunks) gets the name its bytes get joined, asked for
    /// once or again, split in one part or many.
    @Test(.enabled(if: ColourTransformTests.haveProfiles, Comment(rawValue: ColourTransformTests.profilesMissing)))
    func profilesInPartsGetTheNameOfTheirJoinedBytes() throws {
        let srgb = try #require(ColourTransformTests.systemProfile("sRGB.icc"))
        let adobe = try #require(ColourTransformTests.systemProfile("AdobeRGB1998.icc"))
        for profile in [srgb, adobe, [UInt8](repeating: 9, count: 3000)] {
            let whole = ColourDescription.name(of: .iccProfile(profile))
            for size in [profile.count, 1000, 333] {
                let parts = stride(from: 0, to: profile.count, by: size).map {
                    profile[$0..<min($0 + size, profile.count)]
                }
                for _ in 0..<2 { #expect(ColourDescription.name(ofProfileParts: parts) == whole) }
            }
        }
        #expect(
            ColourDescription.name(ofProfileParts: [srgb[...]]) != ColourDescription.name(ofProfileParts: [adobe[...]]))
    }

    @Test func aProfileThatDoesNotReadStaysUnnamed() {
        let bytes = [UInt8](repeating: 9, count: 300)
        #expect(ColourDescription.name(of: .iccProfile(bytes)) == nil)
        #expect(ColourDescription.name(of: .iccProfile(bytes)) == nil)
    }
}
