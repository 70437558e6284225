import CLCMS

/// A transform between two matrix-shaper RGB profiles (the kind nearly every photo carries:
/// Adobe RGB, Display P3, ProPhoto, and what is built from primaries and a curve) as tables
/// and one 3x3 matrix, for 8-bit pixels.
///
/// LittleCMS's own 8-bit path for these costs about 100 instructions a pixel (its
/// matrix-shaper evaluator and its generic unpack and pack formatters), which made the
/// conversion a third of a JPEG's rendition time (bench/README.md, "Colour-managed
/// renditions"). This does the same arithmetic in six table reads and one 3x3 multiply: each
/// stored value to relative light (the source's curves, 256 entries), the source's colorants
/// to the target's (the PCS is D50 on both sides, so relative colorimetric is the product of
/// one matrix with the other's inverse), and light back to stored values (the target's curves
/// reversed, at `steps` + 1 points: fine enough that the darkest levels, where sRGB's curve is
/// steepest, are a fifth of a level apart). Its results are compared with LittleCMS's on every
/// profile Debian ships (`MatrixShaperTransformTests`).
struct MatrixShaperTransform: Sendable {
    /// Light is looked up at this many steps above zero.
    static let steps = 16383
    /// Fraction bits of the summed weights, below a step: a sixteenth of a step for rounding.
    private static let fraction: Int32 = 4

    /// For each source channel (red, green, blue) and stored value (256), what its light gives
    /// to the target's linear red, green and blue, in steps times 2^fraction, four to an entry
    /// (the fourth unused). The matrix is folded into the source's curves, so that a pixel
    /// costs three additions a channel: two tries with a multiply per entry, floats or SIMD
    /// vectors (whose conversions to integers are generic code in Swift's library), were
    /// slower than LittleCMS.
    private let weights: [Int32]
    /// Stored target values of light 0, 1/steps ... 1: red's, green's, then blue's.
    private let stored: [UInt8]

    /// Nil when either profile is not a matrix-shaper (or would be used through a lookup table
    /// for this intent), or when its numbers are not finite: LittleCMS's path does those.
    init?(from source: ColourProfile, to target: ColourProfile) {
        let intent = UInt32(INTENT_RELATIVE_COLORIMETRIC)
        guard source.space == .rgb, target.space == .rgb,
            cmsIsMatrixShaper(source.handle) != 0, cmsIsMatrixShaper(target.handle) != 0,
            cmsIsCLUT(source.handle, intent, UInt32(LCMS_USED_AS_INPUT)) == 0,
            cmsIsCLUT(target.handle, intent, UInt32(LCMS_USED_AS_OUTPUT)) == 0,
            let sourceColorants = Self.colorants(of: source), let targetColorants = Self.colorants(of: target),
            let inverse = Self.inverse(targetColorants)
        else { return nil }
        let matrix = Self.product(inverse, sourceColorants)
        // Bounds the sums: 3 x 64 x 16,384 x 16 is far inside Int32.
        guard matrix.allSatisfy({ $0.isFinite && abs($0) < 64 }) else { return nil }

        let unit = Double(Self.steps) * Double(1 << Self.fraction)
        var weights = [Int32](repeating: 0, count: 3 * 256 * 4)
        for (channel, tag) in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag].enumerated() {
            guard let curve = cmsReadTag(source.handle, tag).map(OpaquePointer.init) else { return nil }
            for value in 0...255 {
                let found = Double(cmsEvalToneCurveFloat(curve, Float(value) / 255))
                guard found.isFinite else { return nil }
                let light = min(max(found, 0), 1)
                for output in 0..<3 {
                    weights[(channel * 256 + value) * 4 + output] = Int32(
                        (matrix[output * 3 + channel] * light * unit).rounded())
                }
            }
        }
        var stored = [UInt8]()
        stored.reserveCapacity(3 * (Self.steps + 1))
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let curve = cmsReadTag(target.handle, tag).map(OpaquePointer.init),
                let reversed = cmsReverseToneCurve(curve)
            else { return nil }
            defer { cmsFreeToneCurve(reversed) }
            for step in 0...Self.steps {
                let found = cmsEvalToneCurveFloat(reversed, Float(step) / Float(Self.steps))
                guard found.isFinite else { return nil }
                stored.append(UInt8(min(max(found * 255, 0), 255).rounded()))
            }
        }
        self.weights = weights
        self.stored = stored
    }

    /// Transforms `rows` rows of `width` RGB pixels; `source` and `target` may be one memory.
    func apply(
        _ source: UnsafePointer<UInt8>, sourceStride: Int, to target: UnsafeMutablePointer<UInt8>,
        targetStride: Int, width: Int, rows: Int
    ) {
        let greenBase = Self.steps + 1
        let blueBase = 2 * (Self.steps + 1)
        let half: Int32 = 1 << (Self.fraction - 1)
        let top = Int32(Self.steps)
        @inline(__always) func step(_ sum: Int32) -> Int {
            Int(min(max((sum &+ half) >> Self.fraction, 0), top))
        }
        weights.withUnsafeBufferPointer { weights in
            stored.withUnsafeBufferPointer { stored in
                let weights = weights.baseAddress!
                let stored = stored.baseAddress!
                for y in 0..<rows {
                    var from = source + y * sourceStride
                    var to = target + y * targetStride
                    for _ in 0..<width {
                        let red = weights + Int(from[0]) &<< 2
                        let green = weights + (256 &+ Int(from[1])) &<< 2
                        let blue = weights + (512 &+ Int(from[2])) &<< 2
                        to[0] = stored[step(red[0] &+ green[0] &+ blue[0])]
                        to[1] = stored[greenBase + step(red[1] &+ green[1] &+ blue[1])]
                        to[2] = stored[blueBase + step(red[2] &+ green[2] &+ blue[2])]
                        from += 3
                        to += 3
                    }
                }
            }
        }
    }

    /// The profile's colorants as a 3x3 matrix, rows X, Y, Z and columns red, green, blue.
    private static func colorants(of profile: ColourProfile) -> [Double]? {
        var columns: [cmsCIEXYZ] = []
        for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
            guard let found = cmsReadTag(profile.handle, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
            else { return nil }
            columns.append(found)
        }
        return [
            columns[0].X, columns[1].X, columns[2].X,
            columns[0].Y, columns[1].Y, columns[2].Y,
            columns[0].Z, columns[1].Z, columns[2].Z,
        ]
    }

    /// The inverse of a 3x3 matrix (rows first); nil when it has none.
    private static func inverse(_ m: [Double]) -> [Double]? {
        func minor(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Double { m[a] * m[b] - m[c] * m[d] }
        let cofactors: [Double] = [
            minor(4, 8, 5, 7), minor(2, 7, 1, 8), minor(1, 5, 2, 4),
            minor(5, 6, 3, 8), minor(0, 8, 2, 6), minor(2, 3, 0, 5),
            minor(3, 7, 4, 6), minor(1, 6, 0, 7), minor(0, 4, 1, 3),
        ]
        let determinant: Double = m[0] * cofactors[0] + m[1] * cofactors[3] + m[2] * cofactors[6]
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return nil }
        return cofactors.map { $0 / determinant }
    }

    /// `a` times `b`, 3x3 matrices rows first.
    private static func product(_ a: [Double], _ b: [Double]) -> [Double] {
        var result = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                for k in 0..<3 { result[row * 3 + column] += a[row * 3 + k] * b[k * 3 + column] }
            }
        }
        return result
    }
}
