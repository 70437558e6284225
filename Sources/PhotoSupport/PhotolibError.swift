/// How bad an error is, so the command line can turn it into an exit status
/// without the core knowing about exit codes.
public enum ErrorKind: Sendable, Equatable {
    /// Something went wrong that is not the input's fault (I/O, database).
    case failure
    /// The input exists but its content is bad (not a JPEG, corrupt).
    case badData
    /// A library, path or asset that does not exist.
    case noSuchInput
    /// An output that would replace something that is there (a file not to be overwritten).
    case cannotCreate
    /// The request itself is wrong (bad option value, conflicting arguments).
    case usage
}

/// An error the core throws: it says what kind it is and reads as one line.
public protocol PhotolibError: Error, CustomStringConvertible, Sendable {
    var kind: ErrorKind { get }
}
