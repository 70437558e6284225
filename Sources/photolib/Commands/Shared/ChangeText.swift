import PhotoLibrary

/// How a change to an asset reads, in `action`, `action edit` and `history`.
enum ChangeText {
    /// `3fa2c81d 2015/bordeaux-art.jpg: favourite false → true`. The path and the values
    /// have their control characters escaped (`TerminalText`), newlines too: one change is
    /// one line, whatever a caption holds.
    static func line(for outcome: ActionPerformer.Outcome, presenter: AssetPresenter, dryRun: Bool) -> String {
        let subject =
            "\(presenter.shortID(outcome.after)) \(TerminalText.escaped(outcome.after.file.relativePath.description))"
        guard !outcome.changes.isEmpty else { return "\(subject): unchanged" }
        let changes = outcome.changes.map { change in
            "\(change.field) \(shown(change.oldValue, field: change.field)) → \(shown(change.newValue, field: change.field))"
        }.joined(separator: ", ")
        return "\(dryRun ? "would change " : "")\(subject): \(changes)"
    }

    /// A logged value as people read it: texts quoted, none as "(none)".
    static func shown(_ value: String?, field: String) -> String {
        guard let value else { return "(none)" }
        let text = TerminalText.escaped(value)
        return ["caption", "city", "path", "keywords"].contains(field) ? "\"\(text)\"" : text
    }
}
