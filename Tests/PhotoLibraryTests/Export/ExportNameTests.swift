import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoLibrary
@testable import PhotoSupport

/// The paths `export` makes from rendered templates: always a confined path under DEST.
@Suite struct ExportNameTests {
    private func path(
        _ folder: String, _ name: String, _ fileExtension: String = ".jpg", original: String = ""
    )
        -> String
    {
        ExportName.relativePath(
            folder: Array(folder.utf8), name: Array(name.utf8), fileExtension: Array(fileExtension.utf8),
            originalExtension: Array(original.utf8), fallbackName: Array("a3cb0453".utf8)
        ).description
    }

    @Test func foldersNamesAndExtensions() {
        #expect(path("2015/06 Bordeaux", "20150613-164207-a3cb0453") == "2015/06 Bordeaux/20150613-164207-a3cb0453.jpg")
        #expect(path("", "IMG_1.JPG", ".JPG") == "IMG_1.JPG")
        #expect(path("", "IMG_1.jpg", ".JPG") == "IMG_1.JPG")
        // A preview of a HEIC named from {fileName}: the original's extension goes too.
        #expect(path("", "IMG_1.HEIC", ".jpg", original: ".HEIC") == "IMG_1.jpg")
        #expect(path("//2015///", "", ".jpg") == "2015/a3cb0453.jpg")
        #expect(path("", ".jpg", ".jpg") == "_jpg.jpg")
    }

    @Test func nothingLeavesTheFolder() {
        for (folder, name) in [
            ("../..", ".."), ("/etc", "/passwd"), ("./.", "."), ("a/../../b", "../x"), ("..\u{0}/x", "y\u{1F}z"),
        ] {
            let made = ExportName.relativePath(
                folder: Array(folder.utf8), name: ExportName.flatten(Array(name.utf8)),
                fileExtension: Array(".jpg".utf8), fallbackName: Array("id".utf8))
            #expect(ConfinedPath.isConfined(made), "\(folder) \(name) -> \(made)")
            #expect(!made.bytes.contains(0) && !made.isAbsolute)
            #expect(
                made.bytes.split(separator: UInt8(ascii: "/")).allSatisfy { $0.first != UInt8(ascii: ".") },
                "\(made)")
        }
        #expect(path("a:b|c", "what?*<>\"\\") == "a_b_c/what______.jpg")
        #expect(path("  spaced  ", "  x  ") == "spaced/x.jpg")
    }

    @Test func longNamesAreCutBetweenCharacters() {
        let long = String(repeating: "é", count: 300)
        let made = path("", long)
        let name = Array(made.utf8)
        #expect(name.count <= ExportName.maximumComponent)
        #expect(String(validating: name, as: UTF8.self) == made)
        #expect(made.hasSuffix("é.jpg"))
    }

    @Test func suffixesGoBeforeTheExtension() {
        let jpg = Array(".jpg".utf8)
        #expect(
            ExportName.suffixed(RawPath("2015/06/a.jpg"), number: 2, fileExtension: jpg) == RawPath("2015/06/a-2.jpg"))
        #expect(ExportName.suffixed(RawPath("a.jpg"), number: 1, fileExtension: jpg) == RawPath("a-1.jpg"))
        #expect(ExportName.suffixed(RawPath("a.jpg"), number: 0, fileExtension: jpg) == RawPath("a.jpg"))
        #expect(ExportName.suffixed(RawPath("noext"), number: 3, fileExtension: []) == RawPath("noext-3"))
        #expect(ExportName.fileExtension(of: RawPath("x/IMG.CR2")) == Array(".CR2".utf8))
        #expect(ExportName.fileExtension(of: RawPath(".hidden")) == [])
        #expect(ExportName.fileExtension(of: RawPath("trailing.")) == [])
    }
}
