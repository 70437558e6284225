import PhotoSupport

/// The process's exit status; every exit code photolib uses is listed here.
///
/// The values above 63 are the BSD sysexits codes, which scripts already know.
enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Something went wrong that is not the input's fault.
    case failure = 1
    /// The command did its work, but some files failed (each one was reported).
    case partial = 2
    /// The command line is wrong (EX_USAGE).
    case usage = 64
    /// An input exists but its content is bad (EX_DATAERR).
    case badData = 65
    /// A library, file or asset that does not exist (EX_NOINPUT).
    case noInput = 66
    /// An output cannot be made: a file is in the way and may not be replaced (EX_CANTCREAT).
    case cannotCreate = 73
    /// The person cancelled an interactive choice (Esc or Ctrl-C in `pick`), as fzf and a
    /// shell's SIGINT say it: 128 + 2.
    case cancelled = 130

    init(_ kind: ErrorKind) {
        switch kind {
        case .failure: self = .failure
        case .badData: self = .badData
        case .noSuchInput: self = .noInput
        case .usage: self = .usage
        case .cannotCreate: self = .cannotCreate
        }
    }
}
