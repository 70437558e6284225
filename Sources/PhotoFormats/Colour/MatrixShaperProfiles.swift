import CLCMS

/// What both table transforms between matrix-shaper RGB profiles (`MatrixShaperTransform` for
/// 8-bit pixels, `MatrixShaperTransform16` for 16-bit ones) read from the two profiles: whether
/// the pair can be done by tables at all, the matrix from one's colorants to the other's, and
/// the target's curves reversed into stored values.
enum MatrixShaperProfiles {
    /// The source's colorants to the target's, a 3x3 matrix rows first. The PCS is D50 on both
    /// sides, so relative colorimetric is the product of the target's matrix inverted with the
    /// source's. Nil when either profile is not a matrix-shaper RGB profile (or would be used
    /// through a lookup table for this intent), or when the matrix is not finite or has no
    /// inverse: LittleCMS's own path does those.
    static func matrix(from source: ColourProfile, to target: ColourProfile) -> [Double]? {
        let intent = UInt32(INTENT_RELATIVE_COLORIMETRIC)
        guard source.space == .rgb, target.space == .rgb,
            cmsIsMatrixShaper(source.handle) != 0, cmsIsMatrixShaper(target.handle) != 0,
            cmsIsCLUT(source.handle, intent, UInt32(LCMS_USED_AS_INPUT)) == 0,
            cmsIsCLUT(target.handle, intent, UInt32(LCMS_USED_AS_OUTPUT)) == 0,
            let sourceColorants = colorants(of: source), let targetColorants = colorants(of: target),
            let inverse = inverse(targetColorants)
        else { return nil }
        let matrix = product(inverse, sourceColorants)
        return matrix.allSatisfy(\.isFinite) ? matrix : nil
    }

    /// The stored values of light 0, 1/steps ... 1 on the target's curves reversed: red's,
    /// green's, then blue's, `steps` + 1 each. Nil when a curve is missing, cannot be reversed
    /// or gives numbers that are not finite.
    static func reversedCurves(of target: ColourProfile, steps: Int) -> [UInt8]? {
        var stored = [UInt8]()
        stored.reserveCapacity(3 * (steps + 1))
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let curve = cmsReadTag(target.handle, tag).map(OpaquePointer.init),
                let reversed = cmsReverseToneCurve(curve)
            else { return nil }
            defer { cmsFreeToneCurve(reversed) }
            for step in 0...steps {
                let found = cmsEvalToneCurveFloat(reversed, Float(step) / Float(steps))
                guard found.isFinite else { return nil }
                stored.append(UInt8(min(max(found * 255, 0), 255).rounded()))
            }
        }
        return stored
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
