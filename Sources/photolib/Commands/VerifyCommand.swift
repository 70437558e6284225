import PhotoCatalog
import PhotoLibrary

/// `photolib verify [--repair] [--json]`: checks that catalog, originals, renditions and
/// trash agree, and with `--repair` puts right what it safely can.
enum VerifyCommand: PhotolibCommand {
    enum Options {
        static let repair = Flag("repair", help: "Fix what can be fixed without losing anything.")
        static let json = Flag("json", help: "Print the findings and the summary as one JSON object.")
        static let jobs = Option<Int>(
            "jobs", "n", short: "j", range: 1...256,
            help: "Images decoded at once when repairing (default: the number of cores).")
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
            Exit status: 0 when all is well (after --repair: when the \
            repairs left nothing wrong), 1 when problems remain that verify does not or cannot \
            repair, 2 when some repairs were tried and failed.
            """,
        options: [
            Options.repair.spec,
            Options.json.spec,
            Options.jobs.spec,
        ],
        examples: ["photolib verify", "photolib verify --repair", "photolib verify --json | jq '.findings[].kind'"]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let jobs = try command[Options.jobs] ?? IndexOptions.defaultJobs
        let library = try context.library(command)
        let repairing = command[Options.repair]
        if repairing { try library.requireWritable() }
        var report: VerifyReport
        // Files index could not read are no fault of the catalog: shown, not counted as problems.
        var unreadable: [IndexFailure] = []
        do {
            let catalog = try library.openCatalog()
            let verifier = LibraryVerifier(library: library, catalog: catalog)
            report = repairing ? try verifier.checkAndRepair(jobs: jobs) : try verifier.check()
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
            if !unreadable.isEmpty {
                context.summary(
                    "\(unreadable.count) file\(unreadable.count == 1 ? "" : "s") index could not read "
                        + "(see 'photolib list --failed'; 'photolib index --retry-failed' reads them again)")
            }
        }
        return status(report)
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
