import PhotoFormats
import PhotoSupport

/// The version `photolib --version` prints; the one place it is written.
enum PhotolibVersion {
    static let current = PhotolibRelease.version

    /// Lines printed under the version, such as the attribution of bundled data.
    static let attributions: [String] = [Gazetteer.attribution]

    /// What `--version` prints: "photolib 0.1.0", then any attribution lines.
    static var banner: String {
        (["photolib \(current)"] + attributions).map { $0 + "\n" }.joined()
    }
}
