import Testing

@testable import PhotoFormats

/// The caption filter: what cameras write is dropped, what people write is kept.
@Suite struct CaptionFilterTests {
    /// Every phrase of the data file, as cameras write it: capitals, padding, underscores.
    @Test(arguments: Array(CameraBoilerplate.phrases))
    func everyKnownPhraseIsBoilerplateInAnyCaseAndSpacing(phrase: String) {
        #expect(CaptionFilter.isBoilerplate(phrase))
        #expect(CaptionFilter.isBoilerplate("  " + phrase.uppercased() + "   \0\0"))
        #expect(CaptionFilter.isBoilerplate(phrase.replacingOccurrences(of: " ", with: "  ")))
    }

    /// The 84 junk captions of the 860-photo comparison, by kind.
    @Test(arguments: [
        // Vendor boilerplate.
        "EPSON DSC picture", "SANYO DIGITAL CAMERA", "KODAK Digital Still Camera", "MINOLTA DIGITAL CAMERA",
        "Minolta DSC", "KONICA MINOLTA DIGITAL CAMERA", "OLYMPUS DIGITAL CAMERA         ", "SAMSUNG",
        "User comments", "Exif_JPEG_PICTURE", "Nikon Digital Camera", "PENTAX Digital Camera",
        "KODAK Action Cam", "GoPro Action Camera",
        // DCF and EXIF version stamps.
        "DCF 1.0", "DCF2.0", "Exif 2.2",
        // File names and folders the camera wrote.
        "IM000956.JPG", "HPIM0005.JPG", "DSC00001", "DCIM\\100GOPRO\\GOPR8508.JPG", "/DCIM/100MSDCF",
        "IMG_1234", "P1010001", "100_1234", "DSCN0021.jpg", "dsc_0001-2", "holiday.jpeg", "MVI_0042.MOV",
        // Frame numbers and other text without a letter.
        "000015", "1", "----", "?", "2004:07:12",
        // Hashes and serial-like codes.
        "a5cb01550dbb9a6bf732f87e413f6e231cc4581e6a5be800fb0871dce0760cd5",
        "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "SN1234567", "X7A9-221B",
        // Placeholders.
        "null", "NULL", "(null)", "none", "Untitled", "n/a", "",
        "   ",
    ])
    func cameraTextIsBoilerplate(text: String) {
        #expect(CaptionFilter.isBoilerplate(text), "\(text)")
        #expect(CaptionFilter.meaningful(text) == nil)
    }

    /// Words a person wrote are kept, however short, and even when they name a camera or a file.
    @Test(arguments: [
        "Grandma's 90th", "Paris2019", "COVID-19", "B52", "Route 66", "AC/DC", "WWL", "Gran Turismo 5",
        "El cielo sobre Berlin (Heaven above Berlin)", "My new Canon digital camera", "Epson printer test",
        "Tokyo", "Ω", "日本の夏", "IMG 1234 was the best shot", "beach", "Apollo11", "DCIM is where the photos go",
        "<Digimax i50 MP3, Samsung #1 MP3>", "nullification", "Default settings of the lake house",
    ])
    func personTextIsKept(text: String) {
        #expect(!CaptionFilter.isBoilerplate(text), "\(text)")
        #expect(CaptionFilter.meaningful(text) == text)
    }

    @Test func makersAndTheCamerasOwnNamesAreBoilerplate() {
        #expect(CaptionFilter.isBoilerplate("SONY"))
        #expect(CaptionFilter.isBoilerplate("Canon PowerShot A80", make: "Canon", model: "Canon PowerShot A80"))
        #expect(CaptionFilter.isBoilerplate("PowerShot A80 Digital Camera", make: "Canon", model: "PowerShot A80"))
        #expect(CaptionFilter.isBoilerplate("FinePix", make: "FUJIFILM", model: "FinePix"))
        #expect(!CaptionFilter.isBoilerplate("FinePix", make: "Canon", model: "EOS 5D"))
        #expect(!CaptionFilter.isBoilerplate("Shot on the Canon at dusk", make: "Canon", model: "EOS 5D"))
    }

    /// The version-stamp rule as it was first written, character by character: the byte
    /// reading must agree with it on every phrase below and on their variants.
    static func characterVersionStamp(_ phrase: String) -> Bool {
        let compact = phrase.filter { $0 != " " }
        for prefix in ["dcf", "exif"] where compact.hasPrefix(prefix) {
            var version = compact.dropFirst(prefix.count)
            if version.first == "v" { version = version.dropFirst() }
            return !version.isEmpty && version.first!.isASCII && version.first!.isNumber
                && version.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." }
        }
        return false
    }

    @Test func versionStampsReadByteByByteAsByCharacter() {
        let stems = [
            "dcf 1.0", "dcf2.0", "exif 2.2", "exif v2.31", "exifv2.31", "dcf v", "dcf", "exif", "dcf .1",
            "dcf 1.0 camera", "d c f 1 . 0", "dc", "e", "exi f2", "dcf\u{301}2.0", "dcf 2\u{301}", "dcf ２.0",
            "éxif 2.2", "dcfv1..", "exifvv2", "the dcf 1.0", "", "v1.0", "dcf 1,0",
        ]
        var phrases = stems
        for stem in stems { phrases += [stem + " ", " " + stem, stem + "9", stem + "x", stem + "."] }
        for phrase in phrases {
            #expect(
                CaptionFilter.isVersionStamp(phrase) == Self.characterVersionStamp(phrase), "\(phrase.debugDescription)"
            )
        }
        #expect(phrases.filter(CaptionFilter.isVersionStamp).count >= 10)
    }
}
