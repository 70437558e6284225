import Foundation

@testable import PhotoFormats
@testable import PhotoSupport

/// The gazetteer the package ships in `Data/`, found from this file's path
/// (Tests/PhotoTestSupport/ is two levels below the package root).
package enum ShippedGazetteer {
    package static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data")
    package static let path = RawPath(dataDirectory.appendingPathComponent(Gazetteer.fileName).path)

    /// Loaded once for all suites; a failure to load shows in `loadsAndValidates`.
    package static let shared: Gazetteer? = try? Gazetteer.load(from: path)
}

/// A seeded generator (SplitMix64), so that random points are the same on every run.
package struct SeededGenerator: RandomNumberGenerator {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
