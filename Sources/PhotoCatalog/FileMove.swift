import Foundation
import PhotoSupport

/// A move of an asset's original (and the sidecars beside it) that the catalog records before
/// it is made, so that a process killed halfway leaves a note of what it was doing.
///
/// The protocol: `recordMoves` commits the rows; the files move; then one transaction both
/// changes the assets (`apply(_:action:finishing:)`, `purge(_:finishing:)`) and drops the
/// rows. A row found later names an interrupted move, which is finished when its original
/// reached the target and undone when it did not (see `FileMoveRecovery` in PhotoLibrary).
public struct FileMove: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// `action delete`: from the original's path into the trash.
        case trash
        /// `action restore`: from the trash back to the original's path.
        case restore
        /// `trash empty`: the trashed file deleted for good (no target).
        case purge
    }

    /// The row's number; 0 before `recordMoves` gives it one.
    public var sequence: Int64
    public var assetID: AssetID
    public var kind: Kind
    /// Relative to the library root.
    public var source: RawPath
    /// Relative to the library root; nil for `purge`.
    public var target: RawPath?

    public init(sequence: Int64 = 0, assetID: AssetID, kind: Kind, source: RawPath, target: RawPath?) {
        self.sequence = sequence
        self.assetID = assetID
        self.kind = kind
        self.source = source
        self.target = target
    }
}
