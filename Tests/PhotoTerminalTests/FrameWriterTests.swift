import Testing

@testable import PhotoTerminal

@Suite struct FrameWriterTests {
    private func row(_ text: String, width: Int = 10, _ style: TextStyle = .plain) -> [UInt8] {
        var line = ScreenLine(width: width)
        line.text(text, style)
        return line.finished()
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func linesAreExactlyAsWideAsTheScreenAndMadePrintable() {
        #expect(text(row("abc")) == "abc       ")
        #expect(text(row("abcdefghijklmnop")) == "abcdefghi…")
        #expect(text(row("日本語の写真です")) == "日本語の… ")  // wide characters count two
        #expect(text(row("a\u{1B}[31mb")) == "a [31mb   ")  // an escape in a caption is a space
        #expect(text(row("bold", TextStyle(bold: true, reverse: true))) == "\u{1B}[1;7mbold\u{1B}[0m      ")
        var line = ScreenLine(width: 10)
        line.text("ab")
        line.skip(3)
        line.raw(Array("XY".utf8), columns: 2)
        #expect(line.column == 7)
        #expect(text(line.finished()) == "ab\u{1B}[3CXY\u{1B}[0m   ")
    }

    @Test func onlyChangedRowsAreWrittenInsideASynchronizedUpdate() {
        var writer = FrameWriter()
        let first = ScreenFrame(rows: [row("one"), row("two"), row("three")])
        let whole = text(writer.bytes(for: first))
        #expect(whole.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[2J"))
        #expect(whole.contains("\u{1B}[1;1Hone") && whole.contains("\u{1B}[3;1Hthree"))
        #expect(whole.hasSuffix("\u{1B}[?2026l"))
        let second = ScreenFrame(rows: [row("one"), row("TWO"), row("three")])
        #expect(text(writer.bytes(for: second)) == "\u{1B}[?2026h\u{1B}[2;1HTWO       \u{1B}[?2026l")
        #expect(writer.bytes(for: second).isEmpty)  // nothing changed: nothing written
        writer.invalidate()
        #expect(text(writer.bytes(for: second)).contains("\u{1B}[2J"))
    }

    @Test func newPicturesRedrawTheWholeScreen() {
        var writer = FrameWriter(usesKittyImages: true)
        let picture = ScreenImage(row: 1, column: 2, key: "a", bytes: Array("<picture>".utf8))
        _ = writer.bytes(for: ScreenFrame(rows: [row("x"), row("y")], images: [picture]))
        // The same picture in the same place is not sent again.
        #expect(
            !text(writer.bytes(for: ScreenFrame(rows: [row("x"), row("z")], images: [picture]))).contains("<picture>"))
        let moved = ScreenImage(row: 0, column: 2, key: "a", bytes: Array("<picture>".utf8))
        let redrawn = text(writer.bytes(for: ScreenFrame(rows: [row("x"), row("z")], images: [moved])))
        #expect(redrawn.contains("\u{1B}_Ga=d\u{1B}\\") && redrawn.contains("\u{1B}[2J"))
        #expect(redrawn.contains("\u{1B}[1;3H<picture>"))
    }
}
