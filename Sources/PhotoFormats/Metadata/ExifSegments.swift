/// EXIF split over several APP1 segments. One segment holds at most 65,533 bytes; writers
/// with a bigger block (long maker notes, a large thumbnail) go on in further APP1 segments
/// that repeat the `Exif\0\0` header but, unlike a second EXIF block, do not start a TIFF
/// header after it. exiftool joins them; so does photolib.
public enum ExifSegments {
    static let header: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The EXIF payload (header included) made of the first block in `payloads` (APP1 `Exif`
    /// payloads in file order, header included) and the continuations right after it. A
    /// payload that starts a TIFF header of its own is another block and ends the join.
    public static func join(_ payloads: [ArraySlice<UInt8>]) -> [UInt8] {
        guard let first = payloads.first else { return [] }
        var block = Array(first)
        for payload in payloads.dropFirst() {
            let body = payload.dropFirst(header.count)
            guard payload.starts(with: header), !startsTIFFHeader(body) else { break }
            block += body
        }
        return block
    }

    /// `II*\0` or `MM\0*`.
    static func startsTIFFHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    }
}
