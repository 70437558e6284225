/// What photolib reads from one image's bytes: its size (a JPEG's frame header, a PNG's IHDR…),
/// format and EXIF block.
///
/// Values a file does not carry stay nil; nothing is guessed.
public struct PhotoMetadata: Sendable, Equatable {
    /// Pixel size as stored in the SOF frame header (before orientation).
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// EXIF orientation, 1...8; absent or invalid values read as 1 (the EXIF default).
    public var orientation: Int
    public var takenAt: CaptureDate?
    /// Where `takenAt` was found (see `adopt(_:)` for the order).
    public var takenAtSource: MetadataSource?
    /// The fraction of a second `takenAt` leaves out, as EXIF's SubSecTimeOriginal writes it:
    /// its digits after the decimal point ("550" is 0.55 s, "016" 0.016 s), 1 to 9 of them.
    /// What tells the frames of a burst apart (`BurstFinder`).
    public var takenSubsecond: String?
    /// The burst the photo is a frame of, as the camera names it: Apple's MakerNote
    /// `BurstUUID` (tag 0x000b), uppercase; the same for every frame of one burst, nil for a
    /// photo taken alone or by a camera that writes none.
    public var burstId: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var gps: GPSCoordinate?
    /// Where `gps` was found: EXIF's GPS directory, else the XMP packet.
    public var gpsSource: MetadataSource?
    /// Caption from ImageDescription, else UserComment, else XPComment, with camera boilerplate dropped.
    public var caption: String?
    /// The file's format, from its bytes.
    public var format: ImageFormat
    /// `image/jpeg`, `image/heic`, `image/avif`, `image/png`… (`video/quicktime` for a MOV).
    public var mimeType: String
    /// A still, a movie, or a still with a movie of its own (a Live Photo, a motion photo).
    public var kind: MediaKind = .photo
    /// A movie's facts (`VideoFacts`); nil for a still.
    public var video: VideoFacts?
    /// An animation's frame count (an animated GIF or WebP, whose first frame is shown); nil
    /// for a still.
    public var frames: Int?
    /// The name of the colours the picture's numbers stand for ("Display P3", "Adobe RGB
    /// (1998)", an embedded profile's description; "sRGB" when the file says nothing), from
    /// the file's profile or code points (`ColourDescription.name(of:)`). Nil for raws and
    /// movies, and for a profile that cannot be read.
    public var colour: String?

    public init(
        pixelWidth: Int? = nil, pixelHeight: Int? = nil, orientation: Int = 1,
        takenAt: CaptureDate? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
        gps: GPSCoordinate? = nil, caption: String? = nil,
        takenAtSource: MetadataSource? = nil, gpsSource: MetadataSource? = nil,
        format: ImageFormat = .jpeg, mimeType: String? = nil, colour: String? = nil
    ) {
        self.colour = colour
        self.takenAtSource = takenAtSource ?? (takenAt == nil ? nil : .exif)
        self.gpsSource = gpsSource ?? (gps == nil ? nil : .exif)
        self.format = format
        self.mimeType = mimeType ?? format.mimeType
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.takenAt = takenAt
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.gps = gps
        self.caption = caption
    }

    /// True for orientations 5...8, whose displayed width is the stored height.
    public var swapsAxes: Bool { (5...8).contains(orientation) }

    /// Width as displayed, after orientation.
    public var displayWidth: Int? { swapsAxes ? pixelHeight : pixelWidth }
    /// Height as displayed, after orientation.
    public var displayHeight: Int? { swapsAxes ? pixelWidth : pixelHeight }
}

/// The moment a photo was taken, as the camera wrote it: local wall-clock time and,
/// where the file says so (OffsetTimeOriginal), its offset from UTC.
public struct CaptureDate: Sendable, Equatable, Hashable {
    /// `YYYY-MM-DDTHH:MM:SS`, local to the camera.
    public var localTime: String
    /// `+HH:MM` / `-HH:MM`, or nil when the file does not say.
    public var utcOffset: String?
    /// The IANA zone `utcOffset` was worked out from (the zone of the place the photo was
    /// taken, for a date the file gave no offset); nil when the file or a person gave it.
    public var zone: String?

    public init(localTime: String, utcOffset: String? = nil, zone: String? = nil) {
        self.localTime = localTime
        self.utcOffset = utcOffset
        self.zone = zone
    }

    /// This date where it was taken: a date with no offset of its own (or one worked out
    /// from a zone before) gets the offset `zoneName` has on that day (its summer time
    /// rules, from the system's tzdata); with no zone it loses a worked-out offset. An
    /// offset the file or a person gave is kept.
    public func placed(inZone zoneName: String?) -> CaptureDate {
        guard utcOffset == nil || zone != nil else { return self }
        guard let zoneName, let timeZone = CaptureDateText.zone(named: zoneName),
            let offset = CaptureDateText.offset(in: timeZone, at: self)
        else { return CaptureDate(localTime: localTime) }
        return CaptureDate(localTime: localTime, utcOffset: offset, zone: zoneName)
    }

    /// ISO 8601: `2008-05-30T15:56:01` or `2008-05-30T15:56:01+02:00`.
    public var iso8601: String { localTime + (utcOffset ?? "") }
}

/// Which of a file's metadata blocks a value came from (`container`: a movie's own header,
/// QuickTime keys or the tags FFmpeg reads).
public enum MetadataSource: String, Sendable, Equatable, CaseIterable {
    case exif, xmp, iptc, makernote, container
}

/// A position from the EXIF GPS directory, in signed decimal degrees (south and west negative).
public struct GPSCoordinate: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level (negative below), when the file gives it.
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// True for 0,0: what several cameras write when they have no fix. The values are kept,
    /// but no city is looked up for them and `gpsStatus` says "placeholder".
    public var isNoFixPlaceholder: Bool { latitude == 0 && longitude == 0 }
}
