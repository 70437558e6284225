import Foundation
import PhotoCatalog
import Testing

@testable import photolib

/// photolib(1) documents exactly the fields of the field table (`AssetFields.shown`): the
/// ASSET JSON section its JSON members, `list --format` its template fields. A field added to
/// the table and not to the page (or left on the page after it went) fails here.
@Suite struct AssetFieldDocsTests {
    static let lines: [String] =
        ((try? String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("man/photolib.1"), encoding: .utf8)) ?? "")
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// The bold words of a font macro line: every argument of `.B`, the odd-placed ones
    /// (first, third…) of `.BR` (which alternates bold and roman).
    static func boldWords(_ line: String) -> [String] {
        let arguments = ManPage.macroArguments(line)
        if line.hasPrefix(".B ") { return arguments }
        if line.hasPrefix(".BR ") { return arguments.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) }
        return []
    }

    @Test func theAssetJSONSectionListsEveryJSONField() throws {
        let start = try #require(Self.lines.firstIndex(of: ".SH ASSET JSON"))
        let end = Self.lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? Self.lines.endIndex
        let section = Array(Self.lines[start..<end])
        var documented = Set<String>()
        for (index, line) in section.enumerated() where index > 0 && section[index - 1].hasPrefix(".TP") {
            documented.formUnion(Self.boldWords(line))
        }
        let fields = Set(AssetFields.shown.filter(\.inJSON).map(\.text))
        #expect(documented.subtracting(fields).isEmpty, "documented but no field: \(documented.subtracting(fields))")
        #expect(fields.subtracting(documented).isEmpty, "fields not documented: \(fields.subtracting(documented))")
    }

    @Test func listFormatNamesEveryTemplateField() throws {
        let start = try #require(Self.lines.firstIndex(of: "Fields:"))
        let end = try #require(Self.lines[start...].firstIndex { $0.hasPrefix(".B {field:format}") })
        let documented = Set(Self.lines[start..<end].flatMap(Self.boldWords))
        let fields = Set(AssetPresenter.formatFields)
        #expect(documented.subtracting(fields).isEmpty, "documented but no field: \(documented.subtracting(fields))")
        #expect(fields.subtracting(documented).isEmpty, "fields not documented: \(fields.subtracting(documented))")
    }
}
