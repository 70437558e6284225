import PhotoLibrary
import PhotoSupport
import Testing

@testable import photolib

@Suite struct DiagnosticsTests {
    private struct Plain: Error {}

    @Test func everyKindOfLine() {
        let stream = OutputStream.memory()
        let diagnostics = Diagnostics(stream: stream)
        diagnostics.error(FileSystemError(path: RawPath("/p/a.jpg"), reason: .notFound))
        diagnostics.error(Plain())
        diagnostics.problem("b.jpg: not a JPEG")
        diagnostics.warning("shipped gazetteer not found")
        #expect(
            stream.text == """
                photolib: error: /p/a.jpg: no such file or directory
                photolib: error: Plain()
                photolib: b.jpg: not a JPEG
                photolib: warning: shipped gazetteer not found

                """)
    }

    @Test func exitStatusOfEveryError() {
        #expect(ExitStatus(for: UsageError(message: "x")) == .usage)
        #expect(ExitStatus(for: FileSystemError(path: RawPath("/x"), reason: .notFound)) == .noInput)
        #expect(ExitStatus(for: SettingsError(key: "k", reason: .unknownKey)) == .usage)
        #expect(ExitStatus(for: Plain()) == .failure)
    }

    @Test func aBatchFailsPartlyUnlessItWasOneItem() {
        let diagnostics = Diagnostics(stream: .memory())
        var failures = BatchFailures()
        #expect(failures.status(items: 3) == .success)
        failures.record(FileSystemError(path: RawPath("/x"), reason: .notFound), to: diagnostics)
        #expect(failures.count == 1)
        #expect(failures.status(items: 1) == .noInput)
        #expect(failures.status(items: 3) == .partial)
        failures.record(Plain(), to: diagnostics)
        #expect(failures.status(items: 2) == .partial)
        #expect(diagnostics.stream.text.split(separator: "\n").count == 2)
    }
}
