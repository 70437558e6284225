import PhotoLibrary

/// `--threshold`: how far apart two fingerprints may be for their pictures to count as alike,
/// one option for the commands that group by look (`similar`, and `browse`/`pick --similar`).
enum SimilarityThreshold {
    static let option = Option<Int>(
        "threshold", "bits", range: 0...32,
        help:
            "Most fingerprint bits two alike pictures differ in (default \(SimilarGroup.defaultThreshold); "
            + "browse and pick: with --similar).")

    /// The threshold the command line gives, else the default.
    static func value(_ command: ParsedCommand) throws -> Int {
        try command[option] ?? SimilarGroup.defaultThreshold
    }
}
