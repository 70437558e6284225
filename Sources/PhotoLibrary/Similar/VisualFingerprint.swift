import PhotoFormats

/// What `visualHash` holds: two perceptual hashes of one picture, the whole picture's and its
/// centre's (the middle `centreShare` of each side), 32 hexadecimal digits, whole first.
///
/// A crop of a few percent moves the whole picture's hash almost as far as another photo's
/// (a 10% crop by 14-22 bits): the picture is shifted and scaled inside the 32 x 32 grid.
/// Compared with the centre of the uncropped one, a crop lines up again within a few percent
/// of scale, so two fingerprints are as near as the nearest of whole to whole, whole to centre
/// and centre to whole (never centre to centre: it adds no crop and only chances of false
/// matches). The curve that chose the centre's share and the default threshold is in
/// docs/similar.md. Fingerprints stored before the centre existed (16 digits) still compare,
/// whole to whole only; `render` makes the full one from the stored thumbnail.
public struct VisualFingerprint: Hashable, Sendable, CustomStringConvertible {
    public var whole: UInt64
    /// Nil for a fingerprint stored before centres were made.
    public var centre: UInt64?

    public init(whole: UInt64, centre: UInt64?) {
        self.whole = whole
        self.centre = centre
    }

    /// The share of each side the centre hash covers (centred): a 7% crop matches it exactly,
    /// 2%, 5% and 10% crops line up with the whole or the centre within 2 to 3% of scale,
    /// which pHash takes in its stride. Chosen on the labelled set (docs/similar.md): 0.95
    /// found 0.976 of the copies at 8 bits, 0.93 0.996, neither a false match.
    static let centreShare = 0.93

    /// From 32 hexadecimal digits, or the 16 of a whole-only fingerprint; nil for anything else.
    public init?(hex text: some StringProtocol) {
        switch text.count {
        case 16:
            guard let whole = PerceptualHash(hex: text) else { return nil }
            self.init(whole: whole.bits, centre: nil)
        case 32:
            guard let whole = PerceptualHash(hex: text.prefix(16)), let centre = PerceptualHash(hex: text.suffix(16))
            else { return nil }
            self.init(whole: whole.bits, centre: centre.bits)
        default:
            return nil
        }
    }

    /// 32 lowercase hexadecimal digits (16 for a whole-only one).
    public var description: String {
        PerceptualHash(bits: whole).description + (centre.map { PerceptualHash(bits: $0).description } ?? "")
    }

    /// Whether `stored` is a fingerprint of the current form; nil and whole-only ones are to be
    /// made again (from the thumbnail: no decode of the original).
    public static func isCurrent(_ stored: String?) -> Bool {
        stored.flatMap(VisualFingerprint.init(hex:))?.centre != nil
    }

    /// The nearest of whole to whole, whole to centre and centre to whole, in bits.
    public func distance(to other: VisualFingerprint) -> Int {
        var nearest = (whole ^ other.whole).nonzeroBitCount
        if let centre = other.centre { nearest = min(nearest, (whole ^ centre).nonzeroBitCount) }
        if let centre { nearest = min(nearest, (centre ^ other.whole).nonzeroBitCount) }
        return nearest
    }

    /// The fingerprint of an upright picture, nil when it has no pixels.
    package static func of(_ image: RGBImage) -> VisualFingerprint? {
        guard let whole = PerceptualHash.of(image) else { return nil }
        let marginX = Int((Double(image.width) * (1 - centreShare) / 2).rounded())
        let marginY = Int((Double(image.height) * (1 - centreShare) / 2).rounded())
        // A view of the same pixels, not a copy: the rows keep the picture's stride.
        var middle = RGBImage(
            pixels: image.pixels + marginY * image.stride + 3 * marginX,
            width: image.width - 2 * marginX, height: image.height - 2 * marginY)
        middle.stride = image.stride
        let centre = PerceptualHash.of(middle) ?? whole
        return VisualFingerprint(whole: whole.bits, centre: centre.bits)
    }
}
