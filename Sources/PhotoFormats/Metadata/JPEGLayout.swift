import Foundation

/// The SOF frame header: how big the image is and how it is coded.
public struct JPEGFrameHeader: Sendable, Equatable {
    /// The SOF marker's second byte (0xC0 baseline, 0xC1 extended, 0xC2 progressive, …).
    public var marker: UInt8
    /// Bits per sample (8 for nearly every photo, 12 for some medical or raw-derived files).
    public var precision: Int
    public var width: Int
    public var height: Int
    /// 1 grayscale, 3 YCbCr or RGB, 4 CMYK or YCCK.
    public var componentCount: Int

    public init(marker: UInt8, precision: Int, width: Int, height: Int, componentCount: Int) {
        self.marker = marker
        self.precision = precision
        self.width = width
        self.height = height
        self.componentCount = componentCount
    }

    /// True for the progressive processes (SOF2, SOF6, SOF10, SOF14).
    public var isProgressive: Bool { [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) }

    /// True for the SOF markers that start a frame: C0–C3, C5–C7, C9–CB, CD–CF
    /// (C4 is DHT, C8 is reserved, CC is DAC).
    public static func isFrameMarker(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}

/// One application (APPn) or comment segment before the first scan.
public struct JPEGSegment: Sendable, Equatable {
    /// What an APP segment holds, told by its marker and identifier string.
    public enum Kind: Sendable, Equatable {
        case jfif
        /// APP1 `Exif\0\0`.
        case exif
        /// APP1 `http://ns.adobe.com/xap/1.0/\0`.
        case xmp
        /// APP1 `http://ns.adobe.com/xmp/extension/\0` (a piece of a large XMP packet).
        case xmpExtension
        /// APP2 `ICC_PROFILE\0` (one chunk of a profile that may span several segments).
        case iccProfile
        /// APP2 `MPF\0`: the multi-picture index of phones and stereo cameras.
        case multiPicture
        /// APP13 `Photoshop 3.0\0`: image resources, among them IPTC-IIM.
        case photoshop
        /// APP14 `Adobe`: tells how a 3- or 4-component image's colours are transformed.
        case adobe
        /// COM.
        case comment
        case other
    }

    /// The marker's second byte (0xE0…0xEF, or 0xFE for COM).
    public var marker: UInt8
    public var kind: Kind
    /// Offset in the file of the first payload byte (just after the two length bytes).
    public var payloadOffset: Int64
    /// Payload length as declared by the segment (its length field minus 2).
    public var payloadLength: Int
    /// False when the declared payload runs past the end of the file.
    public var isComplete: Bool

    public init(marker: UInt8, kind: Kind, payloadOffset: Int64, payloadLength: Int, isComplete: Bool) {
        self.marker = marker
        self.kind = kind
        self.payloadOffset = payloadOffset
        self.payloadLength = payloadLength
        self.isComplete = isComplete
    }

    /// Classifies a segment by its marker and the first bytes of its payload.
    static func kind(marker: UInt8, payloadPrefix: UnsafeRawBufferPointer) -> Kind {
        func starts(with signature: StaticString) -> Bool {
            let count = signature.utf8CodeUnitCount
            guard payloadPrefix.count >= count else { return false }
            return memcmp(payloadPrefix.baseAddress!, signature.utf8Start, count) == 0
        }
        switch marker {
        case 0xE0 where starts(with: "JFIF\0"): return .jfif
        case 0xE1 where starts(with: "Exif\0"): return .exif
        case 0xE1 where starts(with: "http://ns.adobe.com/xap/1.0/\0"): return .xmp
        case 0xE1 where starts(with: "http://ns.adobe.com/xmp/extension/\0"): return .xmpExtension
        case 0xE2 where starts(with: "ICC_PROFILE\0"): return .iccProfile
        case 0xE2 where starts(with: "MPF\0"): return .multiPicture
        case 0xED where starts(with: "Photoshop 3.0\0"): return .photoshop
        case 0xEE where starts(with: "Adobe"): return .adobe
        case 0xFE: return .comment
        default: return .other
        }
    }

    /// The longest identifier `kind(marker:payloadPrefix:)` looks at.
    static let longestSignature = 35
}

/// The structure of a JPEG up to its first scan, as `JPEGMarkerReader` found it.
public struct JPEGLayout: Sendable, Equatable {
    /// The first frame header, when one came before the first scan.
    public var frame: JPEGFrameHeader?
    /// APPn and COM segments in file order.
    public var segments: [JPEGSegment]
    /// Offset of the first SOS marker, when the walk reached one.
    public var firstScanOffset: Int64?

    public init(frame: JPEGFrameHeader? = nil, segments: [JPEGSegment] = [], firstScanOffset: Int64? = nil) {
        self.frame = frame
        self.segments = segments
        self.firstScanOffset = firstScanOffset
    }

    /// True when there is a frame header and a scan after it: something a decoder can start on.
    public var hasImageData: Bool { frame != nil && firstScanOffset != nil }

    /// The first segment of a kind (the EXIF block is the first APP1 `Exif` segment).
    public func first(_ kind: JPEGSegment.Kind) -> JPEGSegment? { segments.first { $0.kind == kind } }
}
