import PhotoSupport

/// A JPEG's colour description from its segments: the ICC profile of its APP2 `ICC_PROFILE`
/// chunks, else the DCF rule for Adobe RGB in its EXIF block (`ExifTags.colourDescription`).
/// The index reads it to name the asset's colours; renditions read it to convert them.
package enum JPEGColour {
    /// The colours of the JPEG held whole in `data`, given the profile libjpeg assembled
    /// from it (`iccProfile`); nil when it says nothing (sRGB).
    package static func description(of data: UnsafeRawBufferPointer, iccProfile: [UInt8]?) -> ColourDescription? {
        if let iccProfile { return .iccProfile(iccProfile) }
        let layout = JPEGMarkerReader.walk(bytes: data).layout
        guard let exif = layout.first(.exif) else { return nil }
        let end = Int(min(Int64(exif.payloadLength) + exif.payloadOffset, Int64(data.count)))
        guard exif.payloadOffset < end else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: data[Int(exif.payloadOffset)..<end])
        return (try? ExifBlock(payload: payload))?.tags().colourDescription
    }

    /// The parts of the profile split over `chunks` (APP2 payloads from `ICC_PROFILE\0` on, in
    /// file order), in the order of their sequence numbers, each without its signature and
    /// numbers: joined, they are the profile libjpeg's `jpeg_read_icc_profile` assembles. Nil
    /// when a chunk is missing, repeated or numbered past the count they give.
    static func profileParts(_ chunks: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>]? {
        let prefix = 12 + 2
        guard let first = chunks.first, first.count >= prefix else { return nil }
        let count = Int(first[first.startIndex + 13])
        guard count == chunks.count, count > 0 else { return nil }
        var ordered = [ArraySlice<UInt8>?](repeating: nil, count: count)
        var total = 0
        for chunk in chunks {
            guard chunk.count >= prefix, Int(chunk[chunk.startIndex + 13]) == count else { return nil }
            let sequence = Int(chunk[chunk.startIndex + 12])
            guard (1...count).contains(sequence), ordered[sequence - 1] == nil else { return nil }
            ordered[sequence - 1] = chunk.dropFirst(prefix)
            total += chunk.count - prefix
        }
        guard total > 0, total <= ColourProfile.maximumBytes else { return nil }
        return ordered.map { $0! }
    }
}
