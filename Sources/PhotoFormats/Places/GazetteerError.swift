import PhotoSupport

/// Why a gazetteer could not be found, read, imported or written.
public struct GazetteerError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        /// No shipped gazetteer in `$PHOTOLIB_DATA_DIR`, `<bin>/../share/photolib/` or the package's `Data/`.
        case notInstalled
        /// The file is not a photolib gazetteer, or it is damaged; the text says what is wrong.
        case badFormat(String)
        /// Written by a newer photolib.
        case unsupportedVersion(UInt32)
        /// A line of a GeoNames dump that cannot be read.
        case badDumpLine(line: Int, String)
        /// A GeoNames dump with no populated place (feature class P) in it.
        case noPlaces
        /// A place or country the file format cannot hold.
        case invalidEntry(String)
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind {
        switch reason {
        case .notInstalled: .noSuchInput
        case .badFormat, .unsupportedVersion, .badDumpLine, .noPlaces: .badData
        case .invalidEntry: .usage
        }
    }

    public var description: String {
        // A builder error before any file is involved has no path to name.
        if path.bytes.isEmpty, case .invalidEntry(let why) = reason { return why }
        return switch reason {
        case .notInstalled:
            "\(path): gazetteer not found (looked in $\(DataFiles.environmentVariable), <bin>/../share/photolib and the package's Data/)"
        case .badFormat(let why): "\(path): not a valid gazetteer: \(why)"
        case .unsupportedVersion(let version):
            "\(path): gazetteer format version \(version) is newer than this photolib reads (\(GazetteerFormat.version))"
        case .badDumpLine(let line, let why): "\(path):\(line): not a GeoNames dump line: \(why)"
        case .noPlaces: "\(path): no populated place (feature class P) in this GeoNames dump"
        case .invalidEntry(let why): "\(path): \(why)"
        }
    }
}
