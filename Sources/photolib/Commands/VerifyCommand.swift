import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib verify [--repair] [--json]`: checks that catalog, originals, renditions and
/// trash agree, and with `--repair` puts right what it safely can.
enum VerifyCommand: PhotolibCommand {
    enum Options {
        static let repair = Flag("repair", help: "Fix what can be fixed without losing anything.")
        static let json = Flag("json", help: "Print the findings and the summary as one JSON object.")
        static let jobs = Option<Int>(
            "jobs", "n", short: "j", range: 1...256,
            help: "Images decoded at once when repairing (default: the number of cores).")
        static let deep = Flag("deep", help: "Also re-hash every original whole against its recorded content hash.")
        static let skipRecent = Option<Int64>(
            "skip-recent", "duration",
            help: "With --deep: skip originals deep-checked within this long (30d, 12h, 90m, 2w)."
        ) { raw, label, path in try duration(raw.description, label: label, path: path) }
    }

    static let spec = CommandSpec(
        name: "verify",
        abstract: "Check the catalog, originals, renditions and trash; repair what is safe.",
        discussion: """
            Checks the catalog (SQLite's integrity check and photolib's own rules), that every \
            original is where the catalog says and unchanged since indexing (size, modification \
            time and the fingerprint of its first and last 64 KiB), that every asset whose \
            original decodes (damaged or not) has its thumbnail and preview, that the \
            renditions folder holds only renditions of \
            fingerprints some asset has, and that the trash holds exactly the files of trashed \
            assets, that the catalog holds the values the action log's last entries gave \
            (favourite, liked, a user's caption and city), and that no delete or restore was \
            cut short unrecorded. Prints one line per finding and a summary. With --repair: \
            applies the logged values again, records an original found in the trash as \
            trashed (or back at its path as restored), marks missing originals missing, \
            indexes changed ones again, makes missing renditions (and a raw's made at a size \
            no longer made), rewrites disagreeing \
            sidecars, deletes stale and orphaned rendition files and leftover temporaries \
            (not those changed in the last minute, which an index or render running now may \
            own), and recounts the stored collection counts when they are the catalog's only \
            damage (other catalog damage needs a backup). It never deletes, moves or writes an original or a file in the trash. \
            With --deep, also reads every present original whole and compares its content hash \
            with the one recorded (content-changed: bytes gone bad while size and modification time \
            stayed, which only a backup mends); originals never hashed are hashed and their hash \
            kept; each asset's check time is kept in .photolib/deep-checks, so that \
            --skip-recent 30d takes up a run cut short, or checks a library a slice at a time. \
            Exit status: 0 when all is well (after --repair: when the \
            repairs left nothing wrong), 1 when problems remain that verify does not or cannot \
            repair, 2 when some repairs were tried and failed.
            """,
        options: [
            Options.repair.spec,
            Options.json.spec,
            Options.deep.spec,
            Options.skipRecent.spec,
            Options.jobs.spec,
        ],
        examples: [
            "photolib verify", "photolib verify --repair", "photolib verify --json | jq '.findings[].kind'",
            "photolib verify --deep --skip-recent 30d",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let jobs = try command[Options.jobs] ?? IndexOptions.defaultJobs
        let library = try context.library(command)
        let repairing = command[Options.repair]
        let deep = command[Options.deep]
        let skipRecent = try command[Options.skipRecent]
        if skipRecent != nil, !deep {
            throw UsageError(message: "--skip-recent needs --deep", commandPath: command.path)
        }
        if repairing { try library.requireWritable() }
        var report: VerifyReport
        // Files index could not read are no fault of the catalog: shown, not counted as problems.
        var unreadable: [IndexFailure] = []
        var deepSummary: DeepCheck.Summary?
        do {
            let catalog = try library.openCatalog()
            let verifier = LibraryVerifier(library: library, catalog: catalog)
            report = repairing ? try verifier.checkAndRepair(jobs: jobs) : try verifier.check()
            if deep {
                deepSummary = try deepCheck(
                    library: library, catalog: catalog, jobs: jobs, skipRecent: skipRecent, context: context)
                for finding in deepSummary!.findings + deepSummary!.unreadable {
                    var finding = finding
                    if repairing { finding.repairProblem = .originalDamaged }
                    report.findings.append(finding)
                }
            }
            unreadable = try catalog.indexFailures()
        } catch let error as SQLiteError {
            // A catalog SQLite cannot read (a corrupt page, not a database at all) is what
            // verify exists to say, as its documented finding rather than a raw SQL error.
            report = VerifyReport(findings: [
                VerifyFinding(
                    kind: .catalogDamaged, path: library.catalogPath, detail: error.shortDescription,
                    repairProblem: repairing ? .catalogDamaged : nil)
            ])
        }
        if command[Options.json] {
            var members = json(report, repairing: repairing).objectValue ?? []
            if let deepSummary {
                members.append(
                    (
                        "deep",
                        .object([
                            ("compared", .integer(deepSummary.compared)), ("hashed", .integer(deepSummary.hashed)),
                            ("skippedRecent", .integer(deepSummary.skippedRecent)),
                            ("bytes", .int(deepSummary.bytes)),
                        ])
                    ))
            }
            members.append(
                (
                    "indexFailures",
                    .array(
                        unreadable.map { failure in
                            .object([
                                ("path", .path(library.absolutePath(of: failure.relativePath))),
                                ("reason", .string(failure.reason)),
                            ])
                        })
                ))
            context.stdout.writePrettyJSON(.object(members))
        } else {
            for finding in report.findings { context.stdout.write(line(finding, repairing: repairing) + "\n") }
            context.summary(summary(report, repairing: repairing))
            if let deepSummary { context.summary(deepText(deepSummary)) }
            if !unreadable.isEmpty {
                context.summary(
                    "\(unreadable.count) file\(unreadable.count == 1 ? "" : "s") index could not read "
                        + "(see 'photolib list --failed'; 'photolib index --retry-failed' reads them again)")
            }
        }
        return status(report)
    }

    /// Re-hashes the originals (progress on a terminal's stderr).
    private static func deepCheck(
        library: Library, catalog: any Catalog, jobs: Int, skipRecent: Int64?, context: CommandContext
    ) throws -> DeepCheck.Summary {
        let check = DeepCheck(library: library)
        let now = Date()
        let cutoff = skipRecent.map { Int64(now.timeIntervalSince1970) - $0 }
        let (assets, skipped) = try check.pending(catalog: catalog, skipCheckedSince: cutoff)
        let progress = context.progressBar(label: "hashing originals", total: assets.count)
        var summary = try check.run(assets, catalog: catalog, jobs: jobs, now: now) { progress?.setCompleted($0) }
        progress?.finish()
        summary.skippedRecent = skipped
        return summary
    }

    static func deepText(_ summary: DeepCheck.Summary) -> String {
        var text =
            "deep: read \(summary.compared + summary.hashed) original\(summary.compared + summary.hashed == 1 ? "" : "s") whole "
            + "(\(ByteCount.text(summary.bytes))): \(summary.findings.count) changed"
        if summary.hashed > 0 { text += ", \(summary.hashed) hashed for the first time" }
        if !summary.unreadable.isEmpty { text += ", \(summary.unreadable.count) unreadable" }
        if summary.skippedRecent > 0 { text += ", \(summary.skippedRecent) skipped (checked recently)" }
        return text
    }

    /// `30d`, `12h`, `90m`, `45s`, `2w`: seconds.
    static func duration(_ text: String, label: String, path: [String]) throws -> Int64 {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int64(text.dropLast()), count >= 0,
            count <= 100 * 365 * 86400 / unit
        else {
            throw UsageError(
                message: "Invalid value '\(text)' for '\(label)': expected a number and s, m, h, d or w (30d)",
                commandPath: path)
        }
        return count * unit
    }

    /// 0 when nothing is outstanding, 2 when a repair failed, else 1.
    static func status(_ report: VerifyReport) -> ExitStatus {
        if report.outstanding.isEmpty { return .success }
        return report.failedRepairs.isEmpty ? .failure : .partial
    }

    /// `<kind>: <path>: <detail>`, then what the repair did.
    static func line(_ finding: VerifyFinding, repairing: Bool) -> String {
        var text = "\(finding.kind.rawValue): \(finding.path): \(finding.detail)"
        if finding.repaired {
            text += " [repaired]"
        } else if repairing, let problem = finding.repairProblem {
            text += " [\(CommandLineAdvice.message(for: problem))]"
        }
        return text
    }

    static func summary(_ report: VerifyReport, repairing: Bool) -> String {
        let checked =
            "checked \(report.assetsChecked) assets, \(report.renditionFilesChecked) rendition files, "
            + "\(report.trashFilesChecked) trash files"
        if report.findings.isEmpty { return checked + ": all is well" }
        var text = checked + ": \(report.findings.count) problem\(report.findings.count == 1 ? "" : "s")"
        if repairing {
            text +=
                ", \(report.findings.count - report.outstanding.count) repaired, "
                + "\(report.failedRepairs.count) repairs failed, \(report.outstanding.count) left"
        } else if report.findings.contains(where: \.isRepairable) {
            text += " (run 'photolib verify --repair' to fix what can be fixed)"
        }
        return text
    }

    static func json(_ report: VerifyReport, repairing: Bool) -> JSONValue {
        let findings: [JSONValue] = report.findings.map { finding in
            .object([
                ("kind", .string(finding.kind.rawValue)),
                ("path", .path(finding.path)),
                ("assetId", .optional(finding.assetID.map { .string($0.hex) })),
                ("detail", .string(finding.detail)),
                ("repaired", .bool(finding.repaired)),
                (
                    "repairProblem",
                    .optional(
                        repairing ? finding.repairProblem.map { .string(CommandLineAdvice.message(for: $0)) } : nil)
                ),
            ])
        }
        return .object([
            ("ok", .bool(report.outstanding.isEmpty)),
            ("repair", .bool(repairing)),
            ("assetsChecked", .integer(report.assetsChecked)),
            ("renditionFilesChecked", .integer(report.renditionFilesChecked)),
            ("trashFilesChecked", .integer(report.trashFilesChecked)),
            ("problems", .integer(report.findings.count)),
            ("repaired", .integer(report.findings.count - report.outstanding.count)),
            ("repairsFailed", .integer(report.failedRepairs.count)),
            ("findings", .array(findings)),
        ])
    }
}
