import Testing

@testable import PhotoSupport

@Suite struct RawPathTests {
    @Test func keepsBytesThatAreNotUTF8() {
        let path = RawPath(bytes: Array("/tmp/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        #expect(!path.isValidUTF8)
        #expect(path.lastComponent.bytes == Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        #expect(path.parent == RawPath("/tmp"))
    }

    @Test func normalisesDotsAndSlashes() {
        #expect(RawPath("a/./b//../c").absolute(currentDirectory: RawPath("/x")) == RawPath("/x/a/c"))
        #expect(RawPath("/..").absolute(currentDirectory: RawPath("/x")) == RawPath("/"))
    }

    @Test func relativeToBase() {
        #expect(RawPath("/lib/a/b.jpg").relative(to: RawPath("/lib")) == RawPath("a/b.jpg"))
        #expect(RawPath("/library/b.jpg").relative(to: RawPath("/lib")) == nil)
        #expect(RawPath("/lib").relative(to: RawPath("/lib")) == nil)
        #expect(RawPath("/lib/a/b.jpg").relativeBytes(to: RawPath("/lib/")).map(Array.init) == Array("a/b.jpg".utf8))
    }

    /// The byte order the walk sorts by and the catalog's BLOB index keeps: bytes compared
    /// unsigned, a prefix first, as `lexicographicallyPrecedes` orders them.
    @Test func byteOrderIsLexicographicAndUnsigned() {
        let paths: [[UInt8]] = [
            [], Array("a".utf8), Array("a.jpg".utf8), Array("a/b.jpg".utf8), Array("a0".utf8), [0x61, 0xE9],
            [0xE9], [0x7F], [0x80], Array("b".utf8), Array("ab".utf8),
        ]
        for left in paths {
            for right in paths {
                #expect(RawPath.bytesPrecede(left, right) == left.lexicographicallyPrecedes(right), "\(left) \(right)")
                let order = left.withUnsafeBytes { l in right.withUnsafeBytes { RawPath.compareBytes(l, $0) } }
                #expect((order < 0) == left.lexicographicallyPrecedes(right) && (order == 0) == (left == right))
            }
        }
    }
}
