/// `list`'s filters as other commands take them (`export`): every option of `list` except
/// those that choose its output, so that a filter added to `list` is offered by them too, with
/// the same name, help and meaning (`AssetFilterOptions.selection` reads them).
enum ListFilters {
    /// `list`'s options that say how to print, not which assets.
    static let outputOptionNames: Set<String> = [
        "json", "jsonl", "ids", "format", "failed", "null", "quiet", "verbose",
    ]

    /// The filters, less any whose long or short name one of `own` already takes.
    static func options(besides own: [OptionSpec]) -> [OptionSpec] {
        let taken = Set(own.flatMap { [$0.name] + $0.aliases })
        let shorts = Set(own.compactMap(\.short))
        return ListCommand.spec.options.filter { option in
            !outputOptionNames.contains(option.name) && !taken.contains(option.name)
                && option.aliases.allSatisfy { !taken.contains($0) } && !(option.short.map(shorts.contains) ?? false)
        }
    }

    /// True when any of the filters in `specs` was given.
    static func given(_ command: ParsedCommand, among specs: [OptionSpec]) -> Bool {
        let names = Set(specs.map(\.name))
        return command.options.contains { names.contains($0.name) }
    }
}
