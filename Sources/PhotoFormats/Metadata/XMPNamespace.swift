/// The XMP namespaces photolib reads and writes.
enum XMPNamespace {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let x = "adobe:ns:meta/"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    static let xmp = "http://ns.adobe.com/xap/1.0/"
    static let xmpNote = "http://ns.adobe.com/xmp/note/"
    static let exif = "http://ns.adobe.com/exif/1.0/"
    /// Lightroom's: `lr:hierarchicalSubject`.
    static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
    /// digiKam's: `digiKam:TagsList`.
    static let digiKam = "http://www.digikam.org/ns/1.0/"
    /// The Metadata Working Group's regions: `mwg-rs:Regions` (exiftool's RegionInfo), whose
    /// `mwg-rs:RegionList` items name a face with `mwg-rs:Name` and `mwg-rs:Type` Face.
    static let mwgRegions = "http://www.metadataworkinggroup.com/schemas/regions/"
    /// The area and dimensions types MWG regions use.
    static let stArea = "http://ns.adobe.com/xmp/sType/Area#"
    static let stDim = "http://ns.adobe.com/xap/1.0/sType/Dimensions#"
    /// Microsoft's (Windows Photo Gallery): `MP:RegionInfo`, `MPRI:Regions`, `MPReg:PersonDisplayName`.
    static let microsoftPhoto = "http://ns.microsoft.com/photo/1.2/"
    static let microsoftRegionInfo = "http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
    static let microsoftRegion = "http://ns.microsoft.com/photo/1.2/t/Region#"
    /// IPTC's extension: `Iptc4xmpExt:PersonInImage`.
    static let iptcExtension = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    /// photolib's own: `photolib:WroteCaption` (see `SidecarWriter`). `.invalid` can never be
    /// anyone's domain, so the name is photolib's alone.
    static let photolib = "https://photolib.invalid/ns/1.0/"

    /// The prefix each is usually written with, for namespaces photolib has to declare itself.
    static let customaryPrefix = [
        rdf: "rdf", x: "x", dc: "dc", photoshop: "photoshop", xmp: "xmp", xmpNote: "xmpNote",
        exif: "exif", lightroom: "lr", digiKam: "digiKam", photolib: "photolib", mwgRegions: "mwg-rs",
        stArea: "stArea", stDim: "stDim", microsoftPhoto: "MP", microsoftRegionInfo: "MPRI",
        microsoftRegion: "MPReg", iptcExtension: "Iptc4xmpExt",
    ]
}
