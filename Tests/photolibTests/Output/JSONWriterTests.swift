import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import photolib

@Suite struct JSONWriterTests {
    static let sample: JSONValue = [
        "id": "00c0ffee12345678",
        "width": 4000,
        "ratio": 1.5,
        "favourite": false,
        "caption": nil,
        "tags": ["beach", "é"],
        "place": ["city": "Köln", "empty": [:], "none": []],
    ]

    /// Issue 24 item 7: C1 controls (U+009B is CSI to a terminal) are escaped as C0 are, in
    /// text and in names that are not UTF-8; the rest of UTF-8, U+00A0 on, stays as it is.
    @Test func c1ControlsAreEscaped() {
        let text: JSONValue = .string("a\u{9B}2J\u{85}\u{A0}é\u{1B}")
        #expect(text.jsonText() == "\"a\\u009b2J\\u0085\u{A0}é\\u001b\"")
        let name = JSONValue.path(RawPath(bytes: [0x61, 0xC2, 0x9B, 0xE9, 0xC2, 0xA9]))
        #expect(name.jsonText() == "\"a\\u009b\\udce9©\"")
        let parsed = try? JSONSerialization.jsonObject(with: Data(text.jsonBytes()), options: .fragmentsAllowed)
        #expect(parsed as? String == "a\u{9B}2J\u{85}\u{A0}é\u{1B}")
        // And the terminal's escape of bytes that may not be text.
        #expect(
            TerminalText.escaped(bytes: [0x61, 0x1B, 0x5D, 0xC2, 0x9B, 0xE9, 0x0A] + Array("é".utf8))
                == Array("a\\x1B]\\u{9B}\\xE9\\né".utf8))
    }

    @Test func compactKeepsKeyOrder() {
        #expect(
            Self.sample.jsonText() == """
                {"id":"00c0ffee12345678","width":4000,"ratio":1.5,"favourite":false,"caption":null,\
                "tags":["beach","é"],"place":{"city":"Köln","empty":{},"none":[]}}
                """)
    }

    @Test func prettyLooksLikeJq() {
        #expect(
            Self.sample.jsonText(pretty: true) == """
                {
                  "id": "00c0ffee12345678",
                  "width": 4000,
                  "ratio": 1.5,
                  "favourite": false,
                  "caption": null,
                  "tags": [
                    "beach",
                    "é"
                  ],
                  "place": {
                    "city": "Köln",
                    "empty": {},
                    "none": []
                  }
                }
                """)
    }

    @Test func stringEscapes() {
        let value = JSONValue.string("a\"b\\c/d\n\t\u{1}\u{1F}\u{7F} 日本 👍")
        #expect(value.jsonText() == #""a\"b\\c/d\u000a\u0009\u0001\u001f"# + "\u{7F} 日本 👍\"")
    }

    @Test func doublesRoundTripAndNeverWriteNaN() {
        #expect(JSONValue.double(1).jsonText() == "1.0")
        #expect(JSONValue.double(-0.0).jsonText() == "-0.0")
        #expect(JSONValue.double(0.1).jsonText() == "0.1")
        #expect(JSONValue.double(51.5007).jsonText() == "51.5007")
        #expect(JSONValue.double(1e-7).jsonText() == "1e-07")
        #expect(JSONValue.double(.nan).jsonText() == "null")
        #expect(JSONValue.double(-.infinity).jsonText() == "null")
        for value in [0.1 + 0.2, 1 / 3.0, 6.02214076e23, -2.5e-300, Double.greatestFiniteMagnitude] {
            #expect(Double(JSONValue.double(value).jsonText()) == value)
        }
        #expect(JSONValue.int(.min).jsonText() == "-9223372036854775808")
    }

    @Test func pathsThatAreNotUTF8UseSurrogateEscapes() {
        let latin1 = RawPath(bytes: Array("/p/caf".utf8) + [0xE9] + Array(".jpg".utf8))
        #expect(JSONValue.path(latin1).jsonText() == #""/p/caf\udce9.jpg""#)
        #expect(JSONValue.path(RawPath("/p/café.jpg")).jsonText() == "\"/p/café.jpg\"")
        // A truncated sequence, a lone continuation byte and an encoded surrogate.
        let bad = RawPath(bytes: [0xE6, 0x97, 0x41, 0x80, 0xED, 0xA0, 0x80, 0x22])
        #expect(JSONValue.path(bad).jsonText() == #""\udce6\udc97A\udc80\udced\udca0\udc80\"""#)
    }

    /// Python is the reference for surrogateescape: its decoder must give back our bytes.
    @Test(.enabled(if: Python.isAvailable, "python3 is not installed"))
    func pythonReadsBackTheExactBytes() throws {
        var paths: [RawPath] = [
            RawPath(bytes: [0xFF, 0xFE, 0x2F, 0x61]), RawPath("日本/😀.jpg"),
            RawPath(bytes: Array("a\u{1}b\\\"".utf8) + [0xC3, 0x28, 0xF0, 0x9F, 0x98]),
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            paths.append(
                RawPath(
                    bytes: (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                        UInt8.random(in: 1...255, using: &generator)
                    }))
        }
        let input = paths.map { String(decoding: JSONValue.path($0).jsonBytes(), as: UTF8.self) + "\n" }.joined()
        let script = """
            import json, os, sys
            for line in sys.stdin.buffer.read().decode('utf-8').splitlines():
                sys.stdout.write(os.fsencode(json.loads(line)).hex() + '\\n')
            """
        let output = try Python.run(script, input: Data(input.utf8))
        #expect(
            output.split(separator: "\n").map(String.init)
                == paths.map { $0.bytes.map { String(format: "%02x", $0) }.joined() })
    }
}

/// python3, when this machine has it, as an independent reference for JSON.
enum Python {
    static let executable = ["/usr/bin/python3", "/usr/local/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { executable != nil }

    /// Runs `script` with `input` on stdin and returns its stdout.
    static func run(_ script: String, input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable!)
        process.arguments = ["-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Write from another thread so that neither side waits on a full pipe.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
