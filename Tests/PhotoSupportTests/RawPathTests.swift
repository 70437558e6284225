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
    }
}
