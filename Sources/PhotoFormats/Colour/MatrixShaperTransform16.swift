import CLCMS

/// `MatrixShaperTransform`'s arithmetic for 16-bit input (a 16-bit PNG's or TIFF's rows, in
/// the machine's byte order), giving 8-bit RGB: the conversion that lets such a file's 16 bits
/// reach the conversion before they are reduced to 8 (issue 27).
///
/// LittleCMS's own 16-bit path is no substitute: for 16-bit input it samples the transform
/// into a 3D table, whose interpolation across the gamut's edge puts saturated colours up to
/// 28 levels off (measured on a million random colours from Wide Gamut RGB, ProPhoto and
/// Adobe RGB into sRGB; its unoptimised path is within half a level, at ten times the cost).
///
/// Each channel's curve is a table of 4,097 points of light (2^24 for full light), read with
/// linear interpolation between the 16 values each segment spans (so that a linear profile's
/// darkest values keep their steps); the colorant matrix in 14-bit fixed point; the target's
/// curves reversed at `MatrixShaperTransform.steps` + 1 points, as there.
struct MatrixShaperTransform16: Sendable {
    private static let steps = MatrixShaperTransform.steps
    /// Bits of light in the curves' tables, and of fraction in the matrix.
    private static let lightBits = 24
    private static let matrixBits = 14
    /// Segments of each source curve's table: 16 input values each.
    private static let segments = 4096

    /// Light of stored values 0, 16 ... 65520, and of 65536 (the curve carried one value on,
    /// so that every segment spans 16): red's, green's, then blue's.
    private let light: [Int32]
    /// The source's colorants to the target's, rows first, in 2^-14.
    private let matrix: [Int]
    /// Stored target values of light 0, 1/steps ... 1: red's, green's, then blue's.
    private let stored: [UInt8]

    /// Nil when either profile is not a matrix-shaper (or would be used through a lookup table
    /// for this intent), or when its numbers are not finite: LittleCMS's path does those.
    init?(from source: ColourProfile, to target: ColourProfile) {
        // Bounds the sums: 3 x 2^25 (light up to 2) x 64 x 2^14, times the steps (2^14), is
        // inside Int64.
        guard let matrix = MatrixShaperProfiles.matrix(from: source, to: target),
            matrix.allSatisfy({ abs($0) < 64 }),
            let stored = MatrixShaperProfiles.reversedCurves(of: target, steps: Self.steps)
        else { return nil }
        self.matrix = matrix.map { Int(($0 * Double(1 << Self.matrixBits)).rounded()) }

        let full = Double(1 << Self.lightBits)
        var light = [Int32]()
        light.reserveCapacity(3 * (Self.segments + 1))
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let curve = cmsReadTag(source.handle, tag).map(OpaquePointer.init) else { return nil }
            for point in 0...Self.segments {
                let found = Double(cmsEvalToneCurveFloat(curve, Float(point * 16) / 65535))
                guard found.isFinite else { return nil }
                light.append(Int32((min(max(found, 0), 2) * full).rounded()))
            }
        }
        self.light = light
        self.stored = stored
    }

    /// Transforms `rows` rows of `width` 16-bit RGB pixels (`sourceStride` bytes apart) into
    /// 8-bit RGB at `target`.
    func apply(
        _ source: UnsafePointer<UInt8>, sourceStride: Int, to target: UnsafeMutablePointer<UInt8>,
        targetStride: Int, width: Int, rows: Int
    ) {
        let points = Self.segments + 1
        let steps = Self.steps
        let shift = Self.lightBits + Self.matrixBits
        let half = 1 << (shift - 1)
        light.withUnsafeBufferPointer { light in
            matrix.withUnsafeBufferPointer { matrix in
                stored.withUnsafeBufferPointer { stored in
                    let light = light.baseAddress!
                    let m = matrix.baseAddress!
                    let stored = stored.baseAddress!
                    // The light of `value` on the curve whose table starts at `table`.
                    @inline(__always) func lightOf(_ value: UInt16, _ table: UnsafePointer<Int32>) -> Int {
                        let index = Int(value &>> 4)
                        let low = Int(table[index])
                        return low &+ ((Int(table[index &+ 1]) &- low) &* Int(value & 15)) &>> 4
                    }
                    @inline(__always) func step(_ sum: Int) -> Int {
                        min(max((sum &* steps &+ half) &>> shift, 0), steps)
                    }
                    for y in 0..<rows {
                        let from = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt16.self)
                        var to = target + y * targetStride
                        for x in 0..<width {
                            let red = lightOf(from[x &* 3], light)
                            let green = lightOf(from[x &* 3 &+ 1], light + points)
                            let blue = lightOf(from[x &* 3 &+ 2], light + 2 * points)
                            to[0] = stored[step(m[0] &* red &+ m[1] &* green &+ m[2] &* blue)]
                            to[1] = stored[steps &+ 1 &+ step(m[3] &* red &+ m[4] &* green &+ m[5] &* blue)]
                            to[2] = stored[2 &* (steps &+ 1) &+ step(m[6] &* red &+ m[7] &* green &+ m[8] &* blue)]
                            to += 3
                        }
                    }
                }
            }
        }
    }
}
