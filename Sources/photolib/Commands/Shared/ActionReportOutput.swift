import PhotoCatalog
import PhotoLibrary

/// How every `action` subcommand ends: a line per asset changed (or that would be, with
/// `--dry-run`), or the assets' new state as a JSON array with `--json`; a line on stderr for
/// each asset that failed, and the exit status that counts them.
enum ActionReportOutput {
    static func finish(
        _ report: ActionPerformer.Report, library: Library, catalog: any Catalog, json: Bool, dryRun: Bool,
        context: CommandContext
    ) throws -> ExitStatus {
        let shown = report.outcomes.map(\.after) + report.failures.map(\.asset)
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: shown)
        if json {
            context.stdout.writePrettyJSON(.array(report.outcomes.map { presenter.json($0.after) }))
        } else {
            for outcome in report.outcomes {
                context.summary(ChangeText.line(for: outcome, presenter: presenter, dryRun: dryRun))
            }
        }
        var failures = BatchFailures()
        for failure in report.failures { failures.record(failure.error, to: context.diagnostics) }
        return failures.status(items: report.outcomes.count + report.failures.count)
    }
}
