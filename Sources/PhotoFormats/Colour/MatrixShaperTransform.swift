import CLCMS

/// A transform between two matrix-shaper RGB profiles (the kind nearly every photo carries:
/// Adobe RGB, Display P3, ProPhoto, and what is built from primaries and a curve) as tables
/// and one 3x3 matrix, for 8-bit pixels.
///
/// LittleCMS's own 8-bit path for these costs about 100 instructions a pixel (its
/// matrix-shaper evaluator and its generic unpack and pack formatters), which made the
/// conversion a third of a JPEG's rendition time (bench/README.md, "Colour-managed
/// renditions"). This does the same arithmetic in a few table reads and one multiply of
/// vectors: each stored value to relative light (the source's curves, 256 entries), the
/// source's colorants to the target's (the PCS is D50 on both sides, so relative colorimetric
/// is the product of one matrix with the other's inverse), and light back to stored values (the
/// target's curves reversed, at `steps` + 1 points: fine enough that the darkest levels, where
/// sRGB's curve is steepest, are a fifth of a level apart). Its results are compared with
/// LittleCMS's on every profile Debian ships (`ColourTransformTests`).
struct MatrixShaperTransform: Sendable {
    /// Light is looked up at this many steps above zero.
    static let steps = 16383

    /// Relative light (0...1) of each stored value: red's 256, then green's, then blue's.
    private let light: [Float]
    /// How much of the target's red, green and blue (lanes 0...2) one unit of the source's
    /// red, green or blue light gives.
    private let red: SIMD4<Float>
    private let green: SIMD4<Float>
    private let blue: SIMD4<Float>
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
        guard matrix.allSatisfy({ $0.isFinite && abs($0) < 64 }) else { return nil }
        func column(_ index: Int) -> SIMD4<Float> {
            SIMD4(Float(matrix[index]), Float(matrix[3 + index]), Float(matrix[6 + index]), 0)
        }
        red = column(0)
        green = column(1)
        blue = column(2)

        var light = [Float]()
        light.reserveCapacity(3 * 256)
        var stored = [UInt8]()
        stored.reserveCapacity(3 * (Self.steps + 1))
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let curve = cmsReadTag(source.handle, tag).map(OpaquePointer.init) else { return nil }
            for value in 0...255 {
                let found = cmsEvalToneCurveFloat(curve, Float(value) / 255)
                guard found.isFinite else { return nil }
                light.append(min(max(found, 0), 1))
            }
        }
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
        self.light = light
        self.stored = stored
    }

    /// Transforms `rows` rows of `width` RGB pixels; `source` and `target` may be one memory.
    func apply(
        _ source: UnsafePointer<UInt8>, sourceStride: Int, to target: UnsafeMutablePointer<UInt8>,
        targetStride: Int, width: Int, rows: Int
    ) {
        let scale = SIMD4<Float>(repeating: Float(Self.steps))
        let half = SIMD4<Float>(repeating: 0.5)
        let top = SIMD4<Float>(repeating: 1)
        let greenBase = Self.steps + 1
        let blueBase = 2 * (Self.steps + 1)
        light.withUnsafeBufferPointer { light in
            stored.withUnsafeBufferPointer { stored in
                let light = light.baseAddress!
                let stored = stored.baseAddress!
                for y in 0..<rows {
                    var from = source + y * sourceStride
                    var to = target + y * targetStride
                    for _ in 0..<width {
                        var mixed = red * light[Int(from[0])]
                        mixed += green * light[256 + Int(from[1])]
                        mixed += blue * light[512 + Int(from[2])]
                        let index = SIMD4<Int32>(mixed.clamped(lowerBound: .zero, upperBound: top) * scale + half)
                        to[0] = stored[Int(index[0])]
                        to[1] = stored[greenBase + Int(index[1])]
                        to[2] = stored[blueBase + Int(index[2])]
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
