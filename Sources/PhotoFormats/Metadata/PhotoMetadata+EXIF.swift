extension PhotoMetadata {
    /// Fills camera, capture date, orientation, GPS and caption from an EXIF block, and returns
    /// what was wrong with it, one short phrase each (empty when all is well).
    mutating func apply(exif tags: ExifTags) -> [String] {
        var problems: [String] = []
        if let complaint = tags.complaint {
            problems.append("corrupt EXIF: \(complaint)")
        } else if tags.loadedEntryCount == 0 {
            problems.append("corrupt EXIF: no readable entries")
        }
        cameraMake = ExifText.plain(tags[.make])
        cameraModel = ExifText.plain(tags[.model])
        takenAt = CaptureDate(
            exifDateTime: ExifText.plain(tags[.dateTimeOriginal]),
            offset: ExifText.plain(tags[.offsetTimeOriginal]))
        takenAtSource = takenAt == nil ? nil : .exif
        takenSubsecond = takenAt == nil ? nil : Self.subsecond(ExifText.plain(tags[.subSecTimeOriginal]))
        gps = GPSCoordinate(exif: tags)
        gpsSource = gps == nil ? nil : .exif
        caption = ExifText.caption(from: tags)

        orientation = 1
        if let stored = tags[.orientation]?.unsigned(at: 0) {
            switch stored {
            case 1...8: orientation = Int(stored)
            // 0 is written by real cameras and software; it means "not set", as absent does.
            case 0: break
            default: problems.append("invalid EXIF orientation \(stored)")
            }
        }
        return problems
    }

    /// Reads `burstId` from the Apple MakerNote in an EXIF block already in memory, after
    /// `apply(exif:)`: only for Apple's cameras, so that no other photo pays for the search.
    mutating func readBurstIdentifier(exif payload: UnsafeRawBufferPointer) {
        guard cameraMake == "Apple" else { return }
        burstId = AppleMakerNote.burstIdentifier(in: payload)
    }

    /// SubSecTimeOriginal's digits (1 to 9; `ExifText.plain` has trimmed the padding some
    /// cameras add); nil for anything else.
    static func subsecond(_ digits: String?) -> String? {
        guard let digits, (1...9).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return digits
    }
}

extension PhotoMetadata {
    /// Fills the capture date and GPS position that the EXIF block lacks from the file's
    /// other metadata: XMP `exif:DateTimeOriginal`, XMP `photoshop:DateCreated`, IPTC Date
    /// Created + Time Created (exiftool's Composite:DateTimeOriginal), and last XMP
    /// `xmp:CreateDate`, which exiftool's Composite tag ignores but which beats no date at
    /// all; GPS from XMP. For any container whose EXIF, XMP and IPTC have been read.
    public mutating func adopt(_ embedded: EmbeddedText) {
        if takenAt == nil {
            let candidates: [(CaptureDate?, MetadataSource)] = [
                (embedded.xmp?.takenAt, .xmp), (embedded.iptc?.takenAt, .iptc), (embedded.xmp?.createdAt, .xmp),
            ]
            if let (date, source) = candidates.first(where: { $0.0 != nil }) {
                takenAt = date
                takenAtSource = source
            }
        }
        if gps == nil, let position = embedded.xmp?.gps {
            gps = position
            gpsSource = .xmp
        }
    }
}
