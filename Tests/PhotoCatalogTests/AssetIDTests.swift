import Testing

@testable import PhotoCatalog

@Suite struct AssetIDTests {
    /// An id made from a number spells it in 16 lowercase digits, leading zeros kept, and
    /// reads back as the same id.
    @Test(arguments: [
        (UInt64(0), "0000000000000000"), (0xAB, "00000000000000ab"),
        (0x0123_4567_89AB_CDEF, "0123456789abcdef"), (UInt64.max, "ffffffffffffffff"),
    ])
    func aNumberIsSpelledInSixteenDigits(value: UInt64, hex: String) {
        let id = AssetID(value: value)
        #expect(id.hex == hex)
        #expect(AssetID(hex: id.hex) == id)
    }

    @Test func randomIdsAreWellFormedAndDiffer() {
        let ids = (0..<1000).map { _ in AssetID.random() }
        #expect(ids.allSatisfy { AssetID(hex: $0.hex) == $0 })
        #expect(Set(ids).count == ids.count)
    }
}
