import PhotoCatalog
import PhotoLibrary
import PhotoTerminal

/// How a browser session starts and what it is for.
public struct BrowserOptions: Sendable {
    /// `browse` looks and acts; `pick` chooses, fzf's way.
    public enum Purpose: Sendable, Equatable {
        /// Enter pops the detail view; Esc there returns to the grid.
        case browse
        /// Enter chooses the asset under the cursor (or the marked ones) and ends the session.
        /// With `multiple`, Tab and Shift-Tab mark.
        case pick(multiple: Bool)
    }

    public var purpose: Purpose
    /// The filters and sort every collection is shown with (`list`'s options).
    public var baseQuery: AssetQuery
    /// The collection shown first (nil: All).
    public var collection: AssetCollection?
    /// The filter typed with `/`, already filled in (`--query`).
    public var filter: String
    /// How pictures are drawn; nil draws none (captions only).
    public var method: TerminalGraphics.Method?
    public var colors: TerminalGraphics.Colors
    /// The environment, for chafa's terminal database.
    public var environment: [String: String]
    /// Mouse clicks and the wheel reported by the terminal (they take text selection from it;
    /// Shift-drag still selects in most terminals).
    public var mouse: Bool
    /// `--similar`: these groups (from `SimilarGroup.groups`), one cell each, instead of the
    /// collections.
    public var similarGroups: [SimilarGroup]?

    public init(
        purpose: Purpose, baseQuery: AssetQuery = AssetQuery(), collection: AssetCollection? = nil,
        filter: String = "", method: TerminalGraphics.Method?, colors: TerminalGraphics.Colors,
        environment: [String: String], mouse: Bool = true
    ) {
        self.purpose = purpose
        self.baseQuery = baseQuery
        self.collection = collection
        self.filter = filter
        self.method = method
        self.colors = colors
        self.environment = environment
        self.mouse = mouse
    }

    var isPick: Bool { purpose != .browse }
    var marksMany: Bool { purpose == .pick(multiple: true) }
}

/// How a session ended.
public enum BrowserOutcome: Sendable, Equatable {
    /// The person quit (q, or Esc on the grid of `browse`).
    case quit
    /// Esc or Ctrl-C in `pick`, Ctrl-C in `browse`: nothing chosen (exit status 130, as fzf).
    case cancelled
    /// The assets chosen in `pick`, in the order they were marked (the one under the cursor
    /// when none was).
    case picked([Asset])
    /// Enter in `pick` with nothing to choose: the filters match no asset.
    case nothingToPick
    /// SIGINT, SIGTERM or SIGHUP arrived; the terminal is restored and the caller should end
    /// the process by this signal.
    case signal(Int32)
}

/// The text the command line shows of an asset, given to the browser so that peek's facts
/// and pop's details read exactly as `photolib peek` and `photolib pop` print them.
public struct BrowserPresentation {
    /// Caption, City, Taken, Camera, State: label and value, in order.
    public var facts: (Asset) -> [(label: String, value: String)]
    /// The rest of the detail view, one line each: the file, the renditions, every EXIF entry.
    public var details: (Asset, _ width: Int) -> [String]

    public init(
        facts: @escaping (Asset) -> [(label: String, value: String)],
        details: @escaping (Asset, _ width: Int) -> [String]
    ) {
        self.facts = facts
        self.details = details
    }
}
