import CLCMS

/// A transform between two matrix-shaper RGB profiles (the kind nearly every photo carries:
/// Adobe RGB, Display P3, ProPhoto, and what is built from primaries and a curve) as tables
/// and one 3x3 matrix, for 8-bit pixels.
///
/// LittleCMS's own 8-bit path for these costs about 100 instructions a pixel (its
/// matrix-shaper evaluator and its generic unpack and pack formatters), which made the
/// conversion a third of a JPEG's rendition time (bench/README.md, "Colour-managed
/// renditions"). This does the same arithmetic in six table reads and two additions: each
/// stored value to relative light (the source's curves, 256 entries), the source's colorants
/// to the target's (the PCS is D50 on both sides, so relative colorimetric is the product of
/// one matrix with the other's inverse, folded into the first tables), and light back to
/// stored values (the target's curves reversed, at `steps` + 1 points: fine enough that the
/// darkest levels, where sRGB's curve is steepest, are a fifth of a level apart). Its results
/// are compared with LittleCMS's on every profile Debian ships (`MatrixShaperTransformTests`).
struct MatrixShaperTransform: Sendable {
    /// Light is looked up at this many steps above zero.
    static let steps = 16383
    /// Fraction bits of the summed weights, below a step: a sixteenth of a step for rounding.
    private static let fraction = 4
    /// Bits of each of the three sums packed in one 64-bit word.
    private static let field = 21

    /// For each source channel (red, green, blue) and stored value (256), what its light gives
    /// to the target's linear red, green and blue, in steps times 2^fraction, packed as three
    /// 21-bit fields of one word (red lowest). The matrix is folded into the source's curves,
    /// and each weight is raised by the smallest weight of its channel and output, so that no
    /// field goes below zero and three words' sum is the three sums at once: two additions a
    /// pixel where unpacked weights took six (and the float and SIMD versions tried before
    /// that, whose conversions to integers are generic code in Swift's library, were slower
    /// than LittleCMS).
    private let weights: [UInt64]
    /// Stored target values for each packed sum shifted down by `fraction`: red's, green's,
    /// then blue's, starting at `bases`. A sum below zero or above one has its own entries
    /// (holding the clamped value), so the loop needs no clamp.
    private let stored: [UInt8]
    private let bases: (Int, Int, Int)

    /// Nil when either profile is not a matrix-shaper (or would be used through a lookup table
    /// for this intent), or when its numbers are not finite: LittleCMS's path does those.
    init?(from source: ColourProfile, to target: ColourProfile) {
        guard let matrix = MatrixShaperProfiles.matrix(from: source, to: target),
            let atSteps = MatrixShaperProfiles.reversedCurves(of: target, steps: Self.steps)
        else { return nil }
        // Each field holds at most 2^21: three weights of |m| x 16,384 x 16 each, so the
        // absolute values of a matrix row must add up to less than 8 (real profiles: under 3).
        let unit = Double(Self.steps) * Double(1 << Self.fraction)
        var weights = [[Int]](repeating: [Int](repeating: 0, count: 3), count: 3 * 256)
        for (channel, tag) in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag].enumerated() {
            guard let curve = cmsReadTag(source.handle, tag).map(OpaquePointer.init) else { return nil }
            for value in 0...255 {
                let found = Double(cmsEvalToneCurveFloat(curve, Float(value) / 255))
                guard found.isFinite else { return nil }
                let light = min(max(found, 0), 1)
                for output in 0..<3 {
                    let weight = matrix[output * 3 + channel] * light * unit
                    guard abs(weight) < unit * 8 else { return nil }
                    weights[channel * 256 + value][output] = Int(weight.rounded())
                }
            }
        }
        // The lowest weight of each channel and output, floored to a whole step so that a
        // packed sum shifted down is the unpacked sum's step less a whole number of steps.
        var lowest = [Int](repeating: 0, count: 9)
        var highest = [Int](repeating: 0, count: 9)
        for channel in 0..<3 {
            for output in 0..<3 {
                let column = (0...255).map { weights[channel * 256 + $0][output] }
                lowest[channel * 3 + output] = (column.min()! >> Self.fraction) << Self.fraction
                highest[channel * 3 + output] = column.max()!
            }
        }
        let half = 1 << (Self.fraction - 1)
        var packed = [UInt64](repeating: 0, count: 3 * 256)
        for channel in 0..<3 {
            for value in 0...255 {
                var word: UInt64 = 0
                for output in 0..<3 {
                    // Rounding is added once, to red's weights.
                    let rounding = channel == 0 ? half : 0
                    let raised = weights[channel * 256 + value][output] - lowest[channel * 3 + output] + rounding
                    word |= UInt64(raised) << UInt64(output * Self.field)
                }
                packed[channel * 256 + value] = word
            }
        }

        var stored = [UInt8]()
        var bases = [Int]()
        for output in 0..<3 {
            let floor = (0..<3).reduce(0) { $0 + lowest[$1 * 3 + output] }
            let span = (0..<3).reduce(half) { $0 + highest[$1 * 3 + output] - lowest[$1 * 3 + output] }
            guard span < 1 << Self.field else { return nil }
            bases.append(stored.count)
            let first = floor >> Self.fraction
            let curve = output * (Self.steps + 1)
            for index in 0...(span >> Self.fraction) {
                stored.append(atSteps[curve + min(max(first + index, 0), Self.steps)])
            }
        }
        self.weights = packed
        self.stored = stored
        self.bases = (bases[0], bases[1], bases[2])
    }

    /// Transforms `rows` rows of `width` RGB pixels; `source` and `target` may be one memory.
    func apply(
        _ source: UnsafePointer<UInt8>, sourceStride: Int, to target: UnsafeMutablePointer<UInt8>,
        targetStride: Int, width: Int, rows: Int
    ) {
        let mask: UInt64 = (1 << UInt64(Self.field - Self.fraction)) - 1
        let greenShift = UInt64(Self.field + Self.fraction)
        let blueShift = UInt64(2 * Self.field + Self.fraction)
        weights.withUnsafeBufferPointer { weights in
            stored.withUnsafeBufferPointer { stored in
                let red = weights.baseAddress!
                let green = red + 256
                let blue = red + 512
                let redStored = stored.baseAddress! + bases.0
                let greenStored = stored.baseAddress! + bases.1
                let blueStored = stored.baseAddress! + bases.2
                for y in 0..<rows {
                    var from = source + y * sourceStride
                    var to = target + y * targetStride
                    for _ in 0..<width {
                        let sum = red[Int(from[0])] &+ green[Int(from[1])] &+ blue[Int(from[2])]
                        to[0] = redStored[Int(truncatingIfNeeded: (sum &>> UInt64(Self.fraction)) & mask)]
                        to[1] = greenStored[Int(truncatingIfNeeded: (sum &>> greenShift) & mask)]
                        to[2] = blueStored[Int(truncatingIfNeeded: sum &>> blueShift)]
                        from += 3
                        to += 3
                    }
                }
            }
        }
    }
}
