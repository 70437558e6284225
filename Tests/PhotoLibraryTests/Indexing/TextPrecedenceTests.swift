import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoLibrary

@Suite struct TextPrecedenceTests {
    static let sidecar = PhotoText(
        caption: "sidecar caption", city: "Sidecar City", region: "SR", country: "SC", rating: 2)
    static let xmp = PhotoText(caption: "xmp caption", city: "Xmp City", region: "XR", country: "XC", rating: 4)
    static let iptc = PhotoText(caption: "iptc caption", city: "Iptc City", region: "IR", country: "IC")
    static let bordeaux = GPSCoordinate(latitude: 44.8412, longitude: -0.5698)

    private func resolve(
        sidecar: PhotoText? = nil, xmp: PhotoText? = nil, iptc: PhotoText? = nil, exif: String? = nil,
        gps: GPSCoordinate? = nil, make: String? = nil, model: String? = nil
    ) -> (AssetText, lookups: Int) {
        var lookups = 0
        let text = TextPrecedence.resolve(
            sidecar: sidecar, embedded: EmbeddedText(xmp: xmp, iptc: iptc), exifCaption: exif,
            gps: gps, make: make, model: model
        ) { _ in
            lookups += 1
            return PlaceMatch(
                city: "Gps City", region: "GR", countryCode: "FR", countryName: "France", latitude: 0,
                longitude: 0, population: 1, distanceKilometres: 0, rule: .withinRadius, placeIndex: 0)
        }
        return (text, lookups)
    }

    @Test func boilerplateFromAnySourceGivesWayToTheNextSource() {
        let olympus = PhotoText(caption: "OLYMPUS DIGITAL CAMERA")
        let fileName = PhotoText(caption: "DSCN0021.JPG")
        #expect(resolve(sidecar: olympus, xmp: fileName, iptc: Self.iptc).0.caption == "iptc caption")
        #expect(resolve(xmp: olympus, exif: "Breakfast").0.captionSource == .exif)
        #expect(resolve(xmp: olympus, iptc: fileName, exif: "SANYO DIGITAL CAMERA").0.caption == nil)
        // The photo's own camera name is boilerplate too, wherever it comes from.
        let model = PhotoText(caption: "COOLPIX P6000")
        #expect(resolve(xmp: model, make: "NIKON", model: "COOLPIX P6000").0.caption == nil)
        #expect(resolve(xmp: model, make: "Canon", model: "EOS 5D").0.caption == "COOLPIX P6000")
    }

    @Test func eachSourceGivesWayToTheOneAboveIt() {
        let all = resolve(sidecar: Self.sidecar, xmp: Self.xmp, iptc: Self.iptc, exif: "exif", gps: Self.bordeaux)
        #expect(
            all.0
                == AssetText(
                    caption: "sidecar caption", captionSource: .sidecar, city: "Sidecar City",
                    citySource: .sidecar, region: "SR", countryName: "SC", rating: 2, ratingSource: .sidecar))
        #expect(all.lookups == 0)
        let noSidecar = resolve(xmp: Self.xmp, iptc: Self.iptc, exif: "exif", gps: Self.bordeaux).0
        #expect(
            noSidecar
                == AssetText(
                    caption: "xmp caption", captionSource: .xmp, city: "Xmp City", citySource: .xmp,
                    region: "XR", countryName: "XC", rating: 4))
        let iptcOnly = resolve(iptc: Self.iptc, exif: "exif", gps: Self.bordeaux).0
        #expect(
            iptcOnly
                == AssetText(
                    caption: "iptc caption", captionSource: .iptc, city: "Iptc City", citySource: .iptc,
                    region: "IR", countryName: "IC"))
        let exifAndGPS = resolve(exif: "exif", gps: Self.bordeaux)
        #expect(
            exifAndGPS.0
                == AssetText(
                    caption: "exif", captionSource: .exif, city: "Gps City", citySource: .gps,
                    region: "GR", countryCode: "FR", countryName: "France"))
        #expect(exifAndGPS.lookups == 1)
        #expect(resolve().0 == AssetText())
    }

    @Test func keywordsAreTheSidecarsElseTheFilesTogether() {
        let sidecar = PhotoText(keywords: ["Places/France", "beach"])
        let xmp = PhotoText(keywords: ["Places/France/Bordeaux", "sunset"])
        let iptc = PhotoText(keywords: ["SUNSET", "Bordeaux", "harbour"])
        let withSidecar = resolve(sidecar: sidecar, xmp: xmp, iptc: iptc).0
        #expect(withSidecar.keywords == ["Places/France", "beach"] && withSidecar.keywordsSource == .sidecar)
        let embedded = resolve(xmp: xmp, iptc: iptc).0
        #expect(embedded.keywords == ["Places/France/Bordeaux", "sunset", "harbour"])
        #expect(embedded.keywordsSource == .xmp)
        #expect(resolve(iptc: iptc).0.keywordsSource == .iptc)
        #expect(resolve().0.keywords == [] && resolve().0.keywordsSource == nil)
    }

    @Test func fieldsAreChosenOneByOneButAPlaceStaysWhole() {
        // The sidecar has only a rating; XMP only a caption; IPTC a city without region or country.
        let (text, lookups) = resolve(
            sidecar: PhotoText(rating: 5), xmp: PhotoText(caption: "from xmp", region: "lonely"),
            iptc: PhotoText(city: "Budapest"), exif: "exif", gps: Self.bordeaux)
        #expect(
            text
                == AssetText(
                    caption: "from xmp", captionSource: .xmp, city: "Budapest", citySource: .iptc, rating: 5,
                    ratingSource: .sidecar))
        #expect(lookups == 0)
    }
}
