import PhotoLibrary
import PhotoSupport

/// What to type about a problem the core reports. The core says what is wrong, as a typed
/// reason, and knows no command line; the remedies name commands and options, so they are
/// added here, where those are defined.
enum CommandLineAdvice {
    /// The one line for `error`: its description, then the remedy when the command line has one.
    static func message(for error: any PhotolibError) -> String {
        advice(for: error).map { "\(error.description); \($0)" } ?? error.description
    }

    /// The one line for why `verify --repair` left a finding, with the remedy when there is one.
    static func message(for problem: VerifyFinding.RepairProblem) -> String {
        switch problem {
        case .stillDisagrees: "\(problem); run '\(RootCommand.name) index'"
        default: problem.description
        }
    }

    private static func advice(for error: any PhotolibError) -> String? {
        switch error {
        case let error as LibraryError:
            switch error.reason {
            case .notALibrary:
                return "run '\(RootCommand.name) init'"
            case .noLibraryFound:
                return "run '\(RootCommand.name) init', or name one with --\(RootCommand.libraryOption.name) DIR "
                    + "or \(Library.environmentVariable)"
            default:
                return nil
            }
        case let error as AssetReferenceError where error.reason == .notIndexed:
            return "run '\(RootCommand.name) index' first"
        default:
            return nil
        }
    }
}
