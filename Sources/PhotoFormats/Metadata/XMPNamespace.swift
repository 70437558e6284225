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
    /// photolib's own: `photolib:WroteCaption` (see `SidecarWriter`). `.invalid` can never be
    /// anyone's domain, so the name is photolib's alone.
    static let photolib = "https://photolib.invalid/ns/1.0/"

    /// The prefix each is usually written with, for namespaces photolib has to declare itself.
    static let customaryPrefix = [
        rdf: "rdf", x: "x", dc: "dc", photoshop: "photoshop", xmp: "xmp", xmpNote: "xmpNote",
        exif: "exif", lightroom: "lr", digiKam: "digiKam", photolib: "photolib",
    ]
}
