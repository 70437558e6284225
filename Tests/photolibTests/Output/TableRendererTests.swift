import Testing

@testable import photolib

@Suite struct TableRendererTests {
    func table(_ rows: [[String]]) -> TableRenderer {
        var table = TableRenderer(
            columns: [.init("ID"), .init("SIZE", alignment: .right), .init("CAPTION")],
            flexibleColumn: 2)
        for row in rows { table.append(row) }
        return table
    }

    @Test func alignsColumnsAndTrimsTrailingSpace() {
        let rendered = table([["a1b2", "12", "Beach"], ["c3", "1234", ""]]).render()
        #expect(
            rendered == """
                ID    SIZE  CAPTION
                a1b2    12  Beach
                c3    1234

                """)
    }

    @Test func padsByDisplayWidth() {
        let rendered = table([["日本", "1", "x"], ["👍", "2", "y"], ["e\u{301}", "3", "z"]]).lines()
        #expect(rendered == ["ID    SIZE  CAPTION", "日本     1  x", "👍       2  y", "é        3  z"])
    }

    @Test func shrinksTheFlexibleColumnToFit() {
        let long = "A very long caption about a day at the beach with friends"
        let lines = table([["a1b2", "12", long]]).lines(maximumWidth: 40)
        #expect(lines == ["ID    SIZE  CAPTION", "a1b2    12  A very long caption about a…"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        // Without a width (a pipe), nothing is cut.
        #expect(table([["a1b2", "12", long]]).lines().last?.hasSuffix("friends") == true)
        // Wide characters are cut on whole characters.
        let wide = table([["x", "1", "日本語のキャプションです"]]).lines(maximumWidth: 25)
        #expect(wide.last == "x      1  日本語のキャプ…")
        #expect(wide.last.map(DisplayWidth.of) == 25)
    }

    @Test func controlCharactersCannotBreakALine() {
        let lines = table([["a", "1", "line one\nline two\tand\u{1B}[31mred"]]).lines()
        #expect(lines == ["ID  SIZE  CAPTION", "a      1  line one line two and [31mred"])
    }

    @Test func withoutHeader() {
        var plain = table([["a", "1", "x"]])
        plain.showsHeader = false
        #expect(plain.render() == "a  1  x\n")
    }
}
