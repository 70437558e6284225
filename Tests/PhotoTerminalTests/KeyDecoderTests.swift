import Testing

@testable import PhotoTerminal

@Suite struct KeyDecoderTests {
    private func keys(_ text: String, flush: Bool = false) -> [Key] {
        var decoder = KeyDecoder()
        decoder.feed(Array(text.utf8))
        var keys: [Key] = []
        while let key = decoder.next() { keys.append(key) }
        if flush, let key = decoder.flushPendingEscape() { keys.append(key) }
        return keys
    }

    @Test func textAndControlBytes() {
        #expect(keys("aZ é★") == [.character("a"), .character("Z"), .character(" "), .character("é"), .character("★")])
        #expect(keys("\r\n\t\u{7F}\u{08}") == [.enter, .enter, .tab, .backspace, .backspace])
        #expect(keys("\u{03}\u{0C}\u{1A}\u{15}") == [.control("c"), .control("l"), .control("z"), .control("u")])
    }

    @Test func cursorAndEditingKeysInEveryForm() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OH\u{1B}OF") == [.up, .home, .end])  // application mode
        #expect(
            keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [.home, .end, .home, .end, .home, .end])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z") == [.pageUp, .pageDown, .delete, .backTab])
        #expect(keys("\u{1B}[1;5C\u{1B}[15~") == [.right, .unknown])  // Ctrl-Right is Right; F5 unknown
    }

    @Test func aLoneEscapeWaitsForWhatFollows() {
        var decoder = KeyDecoder()
        decoder.feed([0x1B])
        #expect(decoder.next() == nil && decoder.hasPartialSequence)
        decoder.feed(Array("[B".utf8))
        #expect(decoder.next() == .down)
        #expect(keys("\u{1B}", flush: true) == [.escape])
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(keys("\u{1B}j") == [.character("j")])  // Alt-j
    }

    @Test func halfACharacterWaits() {
        var decoder = KeyDecoder()
        decoder.feed([0xE2, 0x98])
        #expect(decoder.next() == nil)
        decoder.feed([0x85])
        #expect(decoder.next() == .character("★"))
    }

    @Test func sgrMouseReports() {
        #expect(keys("\u{1B}[<0;12;5M") == [.mouse(MouseEvent(kind: .press(button: 0), column: 11, row: 4))])
        #expect(keys("\u{1B}[<0;12;5m") == [.mouse(MouseEvent(kind: .release, column: 11, row: 4))])
        #expect(keys("\u{1B}[<64;1;1M\u{1B}[<65;1;1M").count == 2)
        #expect(keys("\u{1B}[<65;3;4M") == [.mouse(MouseEvent(kind: .wheelDown, column: 2, row: 3))])
        // Ctrl-click is a click.
        #expect(keys("\u{1B}[<16;3;4M") == [.mouse(MouseEvent(kind: .press(button: 0), column: 2, row: 3))])
    }

    @Test func endlessGarbageIsDropped() {
        let garbage = "\u{1B}[" + String(repeating: "1", count: 40)
        #expect(keys(garbage + "x").contains(.unknown))
    }
}
