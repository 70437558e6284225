import Foundation

/// HDR transfer functions brought into the range of an SDR rendition.
///
/// PQ stores absolute light (up to 10,000 nits), HLG relative scene light; an SDR picture has
/// a white of about 203 nits (ITU-R BT.2408's reference white). Light up to 80% of that white
/// is kept as it is, and what lies above is rolled off on a soft shoulder that reaches white
/// only at the format's peak, so that highlights keep their shape instead of clipping.
enum HighDynamicRange {
    enum Curve { case pq, hlg }

    /// BT.2408's reference (diffuse) white, in nits.
    static let referenceWhite = 203.0
    /// Relative light below which nothing is changed.
    static let knee = 0.8

    /// `entries` samples of the curve from stored value (0...1) to SDR relative light (0...1).
    static func table(_ curve: Curve, entries: Int) -> [Float] {
        let peak = shoulderInput(nits(curve, 1))
        return (0..<entries).map { index in
            let value = Double(index) / Double(entries - 1)
            return Float(shoulder(shoulderInput(nits(curve, value)), peak: peak))
        }
    }

    /// The light a stored value stands for, in nits.
    static func nits(_ curve: Curve, _ value: Double) -> Double {
        switch curve {
        case .pq:
            // SMPTE ST 2084's EOTF.
            let m1 = 2610.0 / 16384
            let m2 = 2523.0 / 4096 * 128
            let c1 = 3424.0 / 4096
            let c2 = 2413.0 / 4096 * 32
            let c3 = 2392.0 / 4096 * 32
            let power = pow(max(value, 0), 1 / m2)
            return 10000 * pow(max(power - c1, 0) / (c2 - c3 * power), 1 / m1)
        case .hlg:
            // BT.2100's inverse OETF to scene light (0...1), then its OOTF for a 1,000-nit
            // display (system gamma 1.2), taken per channel.
            let a = 0.17883277
            let b = 1 - 4 * a
            let c = 0.5 - a * log(4 * a)
            let scene = value <= 0.5 ? value * value / 3 : (exp((value - c) / a) + b) / 12
            return 1000 * pow(scene, 1.2)
        }
    }

    private static func shoulderInput(_ nits: Double) -> Double { nits / referenceWhite }

    /// Relative light `x` (1 = reference white) kept below the knee and rolled off above it,
    /// reaching 1 at `peak`.
    static func shoulder(_ x: Double, peak: Double) -> Double {
        guard x > knee else { return max(x, 0) }
        guard peak > knee else { return 1 }
        // Extended Reinhard on the part above the knee, scaled so that `peak` maps to 1.
        let span = 1 - knee
        let t = (x - knee) / span
        let top = (peak - knee) / span
        let mapped = t * (1 + t / (top * top)) / (1 + t)
        return min(1, knee + span * mapped)
    }
}
