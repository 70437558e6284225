/// The raw EXIF entries photolib uses, copied out of libexif so that they outlive its handle
/// and can cross threads. Interpreting them (text, dates, GPS) is pure Swift.
struct ExifTags: Sendable, Equatable {
    /// One entry as stored: TIFF format code, component count and value bytes.
    struct Entry: Sendable, Equatable {
        /// TIFF type: 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED, 9 SLONG, 10 SRATIONAL.
        var format: UInt16
        var components: Int
        var bytes: [UInt8]
        /// Byte order of the EXIF block the entry came from (multi-byte values use it).
        var isBigEndian: Bool

        init(format: UInt16, components: Int, bytes: [UInt8], isBigEndian: Bool) {
            self.format = format
            self.components = components
            self.bytes = bytes
            self.isBigEndian = isBigEndian
        }

        /// The index-th unsigned integer of a BYTE, SHORT or LONG entry.
        func unsigned(at index: Int = 0) -> UInt32? {
            switch format {
            case 1, 7:
                return index < bytes.count ? UInt32(bytes[index]) : nil
            case 3:
                return index * 2 + 2 <= bytes.count ? UInt32(word16(at: index * 2)) : nil
            case 4:
                return index * 4 + 4 <= bytes.count ? word32(at: index * 4) : nil
            default:
                return nil
            }
        }

        /// The index-th RATIONAL (or SRATIONAL, which some phones write for GPS) as a Double;
        /// nil when it is missing or its denominator is 0.
        func rational(at index: Int) -> Double? {
            guard format == 5 || format == 10, index * 8 + 8 <= bytes.count else { return nil }
            let numerator = word32(at: index * 8)
            let denominator = word32(at: index * 8 + 4)
            guard denominator != 0 else { return nil }
            if format == 10 {
                return Double(Int32(bitPattern: numerator)) / Double(Int32(bitPattern: denominator))
            }
            return Double(numerator) / Double(denominator)
        }

        /// The number of RATIONAL or SRATIONAL values the bytes hold.
        var rationalCount: Int { format == 5 || format == 10 ? min(components, bytes.count / 8) : 0 }

        private func word16(at offset: Int) -> UInt16 {
            let first = UInt16(bytes[offset])
            let second = UInt16(bytes[offset + 1])
            return isBigEndian ? first << 8 | second : second << 8 | first
        }

        private func word32(at offset: Int) -> UInt32 {
            var value: UInt32 = 0
            for index in 0..<4 {
                let byte = UInt32(bytes[offset + (isBigEndian ? index : 3 - index)])
                value = value << 8 | byte
            }
            return value
        }
    }

    /// Where a tag lives; GPS tags must be looked up in the GPS directory only, since their
    /// numbers 1 to 4 are also interoperability tags.
    enum Directory: Int, Sendable {
        case ifd0 = 0
        case ifd1 = 1
        case exif = 2
        case gps = 3
        case interoperability = 4
    }

    /// A tag photolib reads, with the directory it belongs in.
    enum Tag: Int, CaseIterable, Sendable {
        case make, model, orientation, imageDescription, xpComment
        case dateTimeOriginal, offsetTimeOriginal, userComment, subSecTimeOriginal
        case gpsLatitudeRef, gpsLatitude, gpsLongitudeRef, gpsLongitude, gpsAltitudeRef, gpsAltitude
        /// EXIF ColorSpace (1 sRGB, 0xFFFF uncalibrated) and the interoperability index
        /// (`R98` sRGB, `R03` Adobe RGB): the DCF rule for a camera's Adobe RGB without a profile.
        case colorSpace, interoperabilityIndex

        var number: UInt16 {
            switch self {
            case .make: 0x010F
            case .model: 0x0110
            case .orientation: 0x0112
            case .imageDescription: 0x010E
            case .xpComment: 0x9C9C
            case .dateTimeOriginal: 0x9003
            case .offsetTimeOriginal: 0x9011
            case .userComment: 0x9286
            case .subSecTimeOriginal: 0x9291
            case .gpsLatitudeRef: 0x0001
            case .gpsLatitude: 0x0002
            case .gpsLongitudeRef: 0x0003
            case .gpsLongitude: 0x0004
            case .gpsAltitudeRef: 0x0005
            case .gpsAltitude: 0x0006
            case .colorSpace: 0xA001
            case .interoperabilityIndex: 0x0001
            }
        }

        /// Directories to search, in order. Writers sometimes put IFD0 tags in the EXIF
        /// directory or the reverse, so each looks in the other as well; never in IFD1,
        /// which describes the thumbnail.
        var directories: [Directory] {
            switch self {
            case .make, .model, .orientation, .imageDescription, .xpComment: [.ifd0, .exif]
            case .dateTimeOriginal, .offsetTimeOriginal, .userComment, .subSecTimeOriginal: [.exif, .ifd0]
            case .gpsLatitudeRef, .gpsLatitude, .gpsLongitudeRef, .gpsLongitude, .gpsAltitudeRef, .gpsAltitude: [.gps]
            case .colorSpace: [.exif]
            case .interoperabilityIndex: [.interoperability]
            }
        }
    }

    private var entries = [Entry?](repeating: nil, count: Tag.allCases.count)
    /// libexif's first complaint about corrupt data, when it had one.
    var complaint: String?
    /// How many entries libexif loaded in all directories (0: nothing readable).
    var loadedEntryCount = 0

    init() {}

    subscript(tag: Tag) -> Entry? {
        get { entries[tag.rawValue] }
        set { entries[tag.rawValue] = newValue }
    }
}
