import PhotoCatalog
import PhotoSupport

/// One thing `LibraryVerifier` found wrong with a library, and whether it was put right.
public struct VerifyFinding: Sendable, Equatable {
    /// What is wrong. The raw values are the names `verify --json` prints.
    public enum Kind: String, Sendable, CaseIterable {
        /// SQLite's integrity check or one of photolib's own invariants failed. When the only
        /// damage is stored collection counts disagreeing with the assets (`recountable`),
        /// `--repair` recounts them; any other catalog damage is left for a person.
        case catalogDamaged = "catalog-damaged"
        /// The original is not at its path and the catalog does not know it yet.
        case originalMissing = "original-missing"
        /// The original's size, modification time or fingerprint differs from the catalog's.
        case originalChanged = "original-changed"
        /// A raw whose recorded size is not the one read from it now, though the file did not
        /// change: an earlier photolib recorded LibRaw's raster of a camera with non-square
        /// pixels (a Kodak DC120's 848x976 for 1280x960). `--repair` reads the file again.
        case sizeStale = "size-stale"
        /// `verify --deep`: the original's whole-file content hash differs from the one recorded,
        /// though its size and modification time do not (a disk or a copy damaged it). Only a
        /// backup can mend it: reported, never repaired.
        case contentChanged = "content-changed"
        /// `verify --deep`: the original is there but could not be read whole.
        case originalUnreadable = "original-unreadable"
        /// A thumbnail or preview of a readable asset was never made or was removed.
        case renditionMissing = "rendition-missing"
        /// A rendition named by a fingerprint no asset has now; or, with an asset, one of that
        /// asset made at a size it is no longer made at (a small raw's, by an earlier photolib).
        case renditionStale = "rendition-stale"
        /// A file in the renditions folder that is no rendition (a temporary file, say).
        case renditionOrphaned = "rendition-orphaned"
        /// A symlink in `.photolib/` where photolib writes (the renditions folder, a fan-out
        /// folder or file in it, the trash folder, a folder in the trash): photolib writes
        /// through none, and `--repair` removes the link (never what it points to).
        case controlSymlink = "control-symlink"
        /// A trashed asset whose file is not in the trash.
        case trashFileMissing = "trash-file-missing"
        /// A file in the trash that no asset claims.
        case trashFileUnclaimed = "trash-file-unclaimed"
        /// A temporary file a killed photolib left beside a sidecar, the settings or a moved
        /// original (`.<name>.tmp-<pid>-<n>`, `.<name>.photolib-<pid>-<n>`), its writer gone.
        case temporaryLeft = "temporary-left"
        /// With `sidecars: write`, a sidecar whose caption, city or rating says otherwise than
        /// the catalog's user-set caption, city or favourite (a lost write, or a lost commit).
        case sidecarDisagrees = "sidecar-disagrees"
        /// The catalog's favourite, liked, caption or city says otherwise than the last entry
        /// the action log has for that field. The two are written in one transaction, so a
        /// commit was partly lost (a damaged write-ahead log) or another program edited the
        /// catalog; `--repair` applies the logged values again.
        case historyDisagrees = "history-disagrees"
        /// The action log has entries of an asset the catalog no longer has, though no purge
        /// or forget of it was logged: the asset was lost from the catalog. Reported only.
        case assetLost = "asset-lost"
        /// An asset's original lies in the trash (`<id>/<name>`, or an older photolib's
        /// `<id>-<name>`) while the catalog says it is not trashed: a delete cut short by a
        /// photolib that recorded no file move. `--repair` records it as trashed.
        case trashUnrecorded = "trash-unrecorded"
        /// A trashed asset's original is back at its path and gone from the trash: a restore
        /// cut short the same way. `--repair` records it as restored.
        case restoreUnrecorded = "restore-unrecorded"
    }

    public var kind: Kind
    /// The file concerned (absolute), or the catalog's path for catalog damage.
    public var path: RawPath
    public var assetID: AssetID?
    /// One line on what is wrong, without the path.
    public var detail: String
    /// True once a repair put it right.
    public var repaired: Bool
    /// Why a repair was not made or failed, when one was tried.
    public var repairProblem: RepairProblem?
    /// Catalog damage that is stored collection counts disagreeing with the assets, and no
    /// other catalog damage was found: the assets are sound, so a recount mends it.
    public var recountable: Bool
    /// A stale rendition whose name is right and whose pixels are not (made before colour
    /// management): `repair` makes it again in place, never removing it first.
    public var remake = false

    /// Why `repair` left a finding as it was.
    public enum RepairProblem: Sendable, Equatable, CustomStringConvertible {
        /// The repair was tried and failed; the message of the error it met.
        case failed(String)
        /// The original was indexed again, yet the catalog still disagrees with the file
        /// (something changed it meanwhile): indexing it once more should settle it.
        case stillDisagrees
        /// A stale or orphaned file changed this many seconds ago: it may belong to an index
        /// or render running now, so it is left in place.
        case changedRecently(seconds: Int)
        /// A damaged catalog, which needs a person (and a backup).
        case catalogDamaged
        /// A file in the trash that photolib cannot account for, which it never touches.
        case trashNotTouched
        /// An asset lost from the catalog: the action log keeps none of its file facts.
        case assetLost
        /// Another photolib is moving files now (its recorded moves are not ours to judge).
        case filesMoving
        /// An original whose bytes went bad, or cannot be read: photolib never writes an
        /// original, so only a copy from a backup mends it.
        case originalDamaged

        public var description: String {
            switch self {
            case .failed(let message): message
            case .stillDisagrees: "indexed again, but the catalog still disagrees with the file"
            case .changedRecently(let seconds):
                "left in place: changed \(seconds) s ago, it may belong to an index or render running now"
            case .catalogDamaged: "not repaired: restore the catalog from a backup, or move it away and index again"
            case .trashNotTouched: "not repaired: photolib does not touch files in the trash it cannot account for"
            case .assetLost:
                "not repaired: the action log keeps no file facts to bring it back; index its original again "
                    + "(it gets a new id)"
            case .filesMoving: "not repaired: another photolib is moving files now; verify again when it is done"
            case .originalDamaged:
                "not repaired: photolib never writes an original; copy it back from a backup, then index"
            }
        }
    }

    public init(
        kind: Kind, path: RawPath, assetID: AssetID? = nil, detail: String,
        repaired: Bool = false, repairProblem: RepairProblem? = nil, recountable: Bool = false
    ) {
        self.kind = kind
        self.path = path
        self.assetID = assetID
        self.detail = detail
        self.repaired = repaired
        self.repairProblem = repairProblem
        self.recountable = recountable
    }

    /// Whether `--repair` may act on this kind at all. The rest need a person: photolib never
    /// deletes a file in the trash it cannot account for, nor mends a damaged catalog (but
    /// for stored counts it can recount).
    public var isRepairable: Bool {
        switch kind {
        case .originalMissing, .originalChanged, .sizeStale, .renditionMissing, .renditionStale, .renditionOrphaned,
            .controlSymlink, .temporaryLeft, .sidecarDisagrees, .historyDisagrees, .trashUnrecorded, .restoreUnrecorded:
            true
        case .catalogDamaged: recountable
        case .trashFileMissing, .trashFileUnclaimed, .assetLost, .contentChanged, .originalUnreadable: false
        }
    }
}

/// What one `verify` pass found and, with `--repair`, did.
public struct VerifyReport: Sendable, Equatable {
    public var findings: [VerifyFinding]
    /// Assets checked, and rendition and trash files looked at.
    public var assetsChecked: Int
    public var renditionFilesChecked: Int
    public var trashFilesChecked: Int

    public init(
        findings: [VerifyFinding] = [], assetsChecked: Int = 0,
        renditionFilesChecked: Int = 0, trashFilesChecked: Int = 0
    ) {
        self.findings = findings
        self.assetsChecked = assetsChecked
        self.renditionFilesChecked = renditionFilesChecked
        self.trashFilesChecked = trashFilesChecked
    }

    /// Findings not (yet) repaired.
    public var outstanding: [VerifyFinding] { findings.filter { !$0.repaired } }
    /// Findings a repair was tried on and failed (not those no repair exists for).
    public var failedRepairs: [VerifyFinding] {
        findings.filter { !$0.repaired && $0.repairProblem != nil && $0.isRepairable }
    }
}
