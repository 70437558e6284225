import PhotoCatalog
import PhotoFormats

/// Chooses each field from the strongest source that has it. The user's edit is stronger
/// still, but lives in the catalog, which keeps it over anything indexing finds.
///
/// Caption: sidecar, then embedded XMP, then IPTC, then EXIF text, leaving out camera
/// boilerplate (`CaptionFilter`, told the photo's make and model) from every source.
/// City: sidecar, then XMP, then IPTC, then the gazetteer's place for the GPS position;
/// region and country come with the city, from the same source, so that a place never
/// mixes a sidecar's city with a GPS country. A 0,0 position is a camera's "no fix" and
/// names no city.
/// Rating: sidecar, then XMP.
/// Keywords: the sidecar's when it has any (the editor that wrote it may have removed some
/// the file still holds), else the XMP's and the IPTC's together, deduplicated.
/// People: the sidecar's when it names any (as for keywords), else the file's XMP's.
public enum TextPrecedence {
    /// `place` is asked only when no text source names a city and the photo has GPS, so the
    /// gazetteer is not even loaded for a library whose photos all say where they are.
    public static func resolve(
        sidecar: PhotoText?, embedded: EmbeddedText, exifCaption: String?,
        gps: GPSCoordinate?, make: String? = nil, model: String? = nil,
        place: (GPSCoordinate) -> PlaceMatch?
    ) -> AssetText {
        let texts: [(TextSource, PhotoText?)] = [(.sidecar, sidecar), (.xmp, embedded.xmp), (.iptc, embedded.iptc)]
        var result = AssetText()
        let captions = texts.compactMap { source, text in
            // A caption photolib wrote itself is a person's words (`PhotoText.captionIsVerbatim`).
            text?.captionIsVerbatim == true
                ? text?.caption.map { (source, $0) }
                : CaptionFilter.meaningful(text?.caption, make: make, model: model).map { (source, $0) }
        }
        if let (source, caption) = captions.first {
            result.caption = caption
            result.captionSource = source
        } else if let exifCaption = CaptionFilter.meaningful(exifCaption, make: make, model: model) {
            result.caption = exifCaption
            result.captionSource = .exif
        }
        if let (source, text) = texts.first(where: { $0.1?.city != nil }), let text {
            result.city = text.city
            result.citySource = source
            result.region = text.region
            result.countryName = text.country
        } else if let gps, !gps.isNoFixPlaceholder, let match = place(gps) {
            result.city = match.city
            result.citySource = .gps
            result.region = match.region
            result.countryCode = match.countryCode
            result.countryName = match.countryName
        }
        if let rating = sidecar?.rating {
            (result.rating, result.ratingSource) = (rating, .sidecar)
        } else if let rating = embedded.xmp?.rating {
            (result.rating, result.ratingSource) = (rating, .xmp)
        }
        if let keywords = sidecar?.keywords, !keywords.isEmpty {
            (result.keywords, result.keywordsSource) = (keywords, .sidecar)
        } else {
            let xmp = embedded.xmp?.keywords ?? []
            let iptc = embedded.iptc?.keywords ?? []
            result.keywords = Keywords.merge(hierarchical: xmp, flat: iptc)
            result.keywordsSource = xmp.isEmpty ? (iptc.isEmpty ? nil : .iptc) : .xmp
        }
        if let people = sidecar?.people, !people.isEmpty {
            (result.people, result.peopleSource) = (people, .sidecar)
        } else if let people = embedded.xmp?.people, !people.isEmpty {
            (result.people, result.peopleSource) = (people, .xmp)
        }
        return result
    }
}
