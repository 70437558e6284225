import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// The byte-wise fast paths of text cleaning and XML names give what the character-wise code
/// they skip gives, which the tests run beside them as the oracle.
@Suite struct TextFastPathTests {
    /// Random strings over `alphabet`, of up to 40 pieces, the same on every run.
    static func samples(_ alphabet: [String], count: Int = 3000, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
        }
    }

    /// ASCII pieces a caption field holds: letters of both cases, digits, punctuation, each
    /// kind of white space (CR LF as one character), underscores and NULs.
    static let asciiPieces =
        ["A", "z", "Q", "m", "0", "7", ".", "-", "/", "\\", " ", "  ", "\t", "\n", "\r", "\r\n"]
        + ["\u{0B}", "\u{0C}", "_", "\0", "@", "[", "`", "{", "~", "\u{7F}"]

    @Test func asciiCaptionsNormaliseAsCharacterByCharacter() {
        for text in Self.samples(Self.asciiPieces, seed: 0xCA97) {
            #expect(
                CaptionFilter.asciiNormalised(text) == CaptionFilter.characterNormalised(text), "\(Array(text.utf8))")
        }
        // Anything else goes the character-wise way.
        for text in ["café", "ÉCRAN", "a\u{301}", "\u{85}x", "x\u{A0}y", "日本"] {
            #expect(CaptionFilter.asciiNormalised(text) == nil)
            #expect(CaptionFilter.normalised(text) == CaptionFilter.characterNormalised(text))
        }
    }

    @Test func cleanTrimsAsFoundationDoes() {
        let padding = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0"))
        let pieces =
            Self.asciiPieces + ["é", "e\u{301}", "\u{301}", "\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "\u{200B}"]
            + ["\u{FEFF}", "😀", "🇫🇷"]
        for text in Self.samples(pieces, seed: 0x7219) {
            let trimmed = text.trimmingCharacters(in: padding)
            #expect(PhotoText.clean(text) == (trimmed.isEmpty ? nil : trimmed), "\(Array(text.unicodeScalars))")
        }
        #expect(PhotoText.clean(nil) == nil)
    }

    @Test(arguments: ["dc:title", "title", "a:b:c", ":x", "x:", "p:\u{301}q", "é:t", "x\u{301}:y", "日本:語"])
    func elementNamesSplitAtTheFirstColonCharacter(name: String) throws {
        let document = "<\(name) xmlns:dc=\"d\" xmlns:a=\"a\" xmlns:é=\"e\" xmlns:x=\"x\" xmlns:日本=\"j\"/>"
        let element = try XMLReader.parse(Array(document.utf8))
        // The oracle: the first colon character of the name, as Swift's String finds it.
        let colon = name.firstIndex(of: ":")
        #expect(element.name.prefix == colon.map { String(name[..<$0]) } ?? "")
        #expect(element.name.local == colon.map { String(name[name.index(after: $0)...]) } ?? name)
    }
}
