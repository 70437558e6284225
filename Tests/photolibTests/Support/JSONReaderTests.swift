import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import photolib

@Suite struct JSONReaderTests {
    @Test func readsBackWhatTheWriterWrote() throws {
        for pretty in [false, true] {
            let text = JSONWriterTests.sample.jsonBytes(pretty: pretty)
            #expect(try JSONReader.parse(text) == JSONWriterTests.sample)
            #expect(try JSONReader.parse(text).jsonBytes(pretty: pretty) == text)
        }
    }

    @Test func everyEscape() throws {
        let value = try JSONReader.parse(#""\"\\\/\b\f\n\r\t\u00e9\u65e5\ud83d\ude00""#)
        #expect(value == .string("\"\\/\u{8}\u{C}\n\r\té日😀"))
        // A lone surrogate that is not an escaped byte becomes U+FFFD.
        #expect(try JSONReader.parse(#""\ud800x\udc41""#) == .string("\u{FFFD}x\u{FFFD}"))
    }

    @Test func surrogateEscapesGiveRawBytes() throws {
        let value = try JSONReader.parse(#""/p/caf\udce9.jpg""#)
        #expect(value == .path(RawPath(bytes: Array("/p/caf".utf8) + [0xE9] + Array(".jpg".utf8))))
        #expect(value.rawPathValue?.isValidUTF8 == false)
        #expect(value.stringValue == "/p/caf\u{FFFD}.jpg")
    }

    @Test func randomPathsRoundTripExactly() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            let line: JSONValue = ["path": .path(RawPath(bytes: bytes)), "n": .int(Int64(bytes.count))]
            let read = try JSONReader.parse(line.jsonBytes())
            #expect(read["path"]?.rawPathValue?.bytes == bytes)
            #expect(read["n"]?.intValue == Int64(bytes.count))
        }
    }

    @Test func numbers() throws {
        #expect(try JSONReader.parse("0") == .int(0))
        #expect(try JSONReader.parse("-12") == .int(-12))
        #expect(try JSONReader.parse("9223372036854775807") == .int(.max))
        #expect(try JSONReader.parse("-9223372036854775808") == .int(.min))
        #expect(try JSONReader.parse("-0") == .int(0))
        #expect(try JSONReader.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try JSONReader.parse("1.0") == .double(1))
        #expect(try JSONReader.parse("-2.5E-3") == .double(-0.0025))
        #expect(try JSONReader.parse(" [1, 2.5, true, null] ") == [1, 2.5, true, nil])
    }

    /// Python's own output, with `ensure_ascii` escapes and surrogateescape, reads back exactly.
    @Test(.enabled(if: Python.isAvailable, "python3 is not installed"))
    func readsPythonOutput() throws {
        let script = """
            import json, os, sys
            print(json.dumps({"path": os.fsdecode(b"/x/caf\\xe9/\\xff.jpg"), "e": "日😀\\n", "f": 0.1, "i": -3}))
            """
        let line = try Python.run(script, input: Data())
        let value = try JSONReader.parse(line.trimmingWhitespace())
        #expect(value["path"]?.rawPathValue?.bytes == Array("/x/caf".utf8) + [0xE9, 0x2F, 0xFF] + Array(".jpg".utf8))
        #expect(value["e"] == "日😀\n")
        #expect(value["f"] == 0.1)
        #expect(value["i"] == -3)
    }

    @Test func errorsSayWhereAndWhy() {
        func failure(_ text: String) -> String? {
            do {
                _ = try JSONReader.parse(text, source: "input")
                return nil
            } catch { return "\(error)" }
        }
        #expect(failure(#"{"a" 1}"#) == "input: invalid JSON (byte 5): expected ':' after a key")
        #expect(failure("[1,]") == "input: invalid JSON (byte 3): unexpected character ']'")
        #expect(failure("01") == "input: invalid JSON (byte 1): unexpected text after the value")
        #expect(failure("\"abc") == "input: invalid JSON (byte 4): unterminated string")
        #expect(failure("\"a\u{1}\"") == "input: invalid JSON (byte 3): control character in a string")
        #expect(failure("tru") == "input: invalid JSON (byte 0): expected 'true'")
        #expect(failure(String(repeating: "[", count: 600)) == "input: invalid JSON (byte 512): nested too deeply")
        #expect(failure("") == "input: invalid JSON (byte 0): unexpected end of text")
    }

}
