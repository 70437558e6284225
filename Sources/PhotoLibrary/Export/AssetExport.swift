import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// How `photolib export` copies: what, and what to do when a name is taken.
public struct ExportOptions: Sendable, Equatable {
    /// What is copied.
    public enum Variant: String, Sendable, CaseIterable {
        /// The original, byte for byte.
        case original
        /// The original turned by its EXIF orientation, losslessly (as `pop --upright`).
        case upright
        /// The preview rendition (a JPEG).
        case preview
    }

    /// When the name is taken by a file with other bytes.
    public enum Collision: String, Sendable, CaseIterable {
        /// `name-1.jpg`, `name-2.jpg`, … (the default: nothing is ever overwritten).
        case suffix
        /// Leave that asset out.
        case skip
        /// Count it as a failure.
        case error
        /// Replace the file.
        case overwrite
    }

    public var variant: Variant = .original
    public var collision: Collision = .suffix
    /// Copy only what is new or changed since the last export to the folder.
    public var update = false
    /// Write an XMP sidecar beside each copy.
    public var sidecars = false
    /// Copy the original's companions (RAW twin, `.THM`, Live Photo movie) beside each copy.
    public var companions = false
    /// Decide everything, write nothing.
    public var dryRun = false

    public init() {}
}

/// What became of one asset.
public struct ExportOutcome: Sendable, Equatable {
    public enum Action: String, Sendable {
        /// Copied to a name that was free.
        case copy
        /// Replaced: its own earlier copy (the original changed) or, with `overwrite`, another file.
        case replace
        /// The file there already holds these bytes: already exported.
        case identical
        /// `--update`: exported before and unchanged since.
        case unchanged
        /// `--on-collision skip`: the name is taken by another file.
        case skip
        case fail
    }

    public var asset: Asset
    public var action: Action
    /// Relative to the export folder; nil when no name was settled on.
    public var target: RawPath?
    /// The size of the copy (0 when nothing was written).
    public var bytesWritten: Int
    /// Why it failed or was skipped.
    public var problem: String?
    /// True when the sidecar beside the copy was written or brought up to date.
    public var sidecarWritten: Bool
    /// Why the sidecar asked for could not be written (the copy itself was made).
    public var sidecarProblem: String?
    /// The image was turned upright by dropping partial blocks on one edge.
    public var trimmedEdges: Bool
    /// Companions copied beside it (or already there, or planned in a dry run).
    public var companions = 0
    /// Why a companion could not be copied (the copy itself was made).
    public var companionProblem: String?
    /// `--update`: the earlier copy, at the name the templates gave before, moved to `target`.
    public var movedFrom: RawPath?
}
