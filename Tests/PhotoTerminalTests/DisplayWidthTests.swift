import Testing

@testable import PhotoTerminal

@Suite struct DisplayWidthTests {
    @Test func columnsOfCharacters() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("Köln ŁÓDŹ") == 9)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("한글") == 4)
        #expect(DisplayWidth.of("ｱ") == 1)  // half-width katakana
        #expect(DisplayWidth.of("Ｗ") == 2)  // full-width Latin
        #expect(DisplayWidth.of("e\u{301}") == 1)  // combining acute accent
        #expect(DisplayWidth.of("\u{301}") == 0)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("\u{200B}") == 0)  // zero-width space
    }

    @Test func truncateAndPad() {
        #expect(DisplayWidth.truncate("abcdef", to: 4) == "abc…")
        #expect(DisplayWidth.truncate("abcd", to: 4) == "abcd")
        #expect(DisplayWidth.truncate("日本語", to: 4) == "日…")
        #expect(DisplayWidth.truncate("Straße über", to: 6) == "Straß…")
        #expect(DisplayWidth.pad("日", to: 4) == "日  ")
        #expect(DisplayWidth.pad("7", to: 3, left: true) == "  7")
    }

    @Test func pathsAreCutInTheMiddleKeepingTheFileName() {
        let path = "2016/a long trip/day three/lighthouse.jpg"
        #expect(DisplayWidth.truncateMiddle(path, to: 60) == path)
        #expect(DisplayWidth.truncateMiddle(path, to: 22) == "2016/a…/lighthouse.jpg")
        #expect(DisplayWidth.truncateMiddle(path, to: 26) == "2016/a lo…e/lighthouse.jpg")  // the end gets two thirds
        #expect(DisplayWidth.truncateMiddle(path, to: 12) == "2…thouse.jpg")
        #expect(DisplayWidth.of(DisplayWidth.truncateMiddle("東京/写真/とても長い名前の写真.jpg", to: 15)) <= 15)
    }

    @Test func wrapsWords() {
        #expect(DisplayWidth.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(DisplayWidth.wrap("unbreakablewordhere x", width: 5) == ["unbreakablewordhere", "x"])
        #expect(DisplayWidth.wrap("", width: 5) == [""])
    }
}
