import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib action NAME ASSET...`: favourite, like, caption, city, delete and restore, with
/// every change written to the action log.
enum ActionCommand: PhotolibCommand {
    enum Options {
        static let dryRun = Flag("dry-run", short: "n", help: "Say what would change, and change nothing.")
        static let json = Flag("json", help: "Print each asset's new state as JSON (an array).")
        static let yes = Flag(
            "yes", short: "y", help: "Do not ask before deleting several assets (needed from scripts).")

        /// `--value`, whose placeholder and help say what the action takes.
        static func value(for action: AssetAction) -> Option<String> {
            let help =
                switch action {
                case .rating: "The rating, -1 (rejected) to 5; 0 clears it (required)."
                case .keywordAdd, .keywordRemove: "The keyword; a hierarchy as Places/France/Bordeaux (required)."
                case .personAdd, .personRemove: "The person's name, as written (required)."
                default: "The new \(action.rawValue) (required; empty clears it)."
                }
            return Option<String>("value", valueName(action), help: help)
        }
    }

    static let commonOptions: [any OptionKey] = [Options.dryRun, Options.json, Options.yes]

    static let spec = CommandSpec(
        name: "action",
        abstract: "Edit assets: flags, caption, city, rating, keywords, people, dates, GPS; delete, restore.",
        discussion: """
            Each action takes one or more assets: ids (any unique prefix), paths, or - to read one \
            a line from stdin (lines of 'list --jsonl' are accepted too). All the changes of one \
            command are made in one transaction and written to the action log ('photolib history'). \
            An unknown or ambiguous asset stops the command before anything changes (exit status 66). \
            When some assets fail (a file that cannot be moved), the rest go ahead and the exit status is 2.
            """,
        subcommands: AssetAction.allCases.filter { !pairedActions.keys.contains($0) }.map { actionSpec(for: $0) } + [
            CommandSpec(
                name: "keyword", abstract: "Add or remove a keyword (see 'photolib help action keyword add').",
                subcommands: [
                    actionSpec(for: .keywordAdd, name: "add"), actionSpec(for: .keywordRemove, name: "remove"),
                ],
                examples: [
                    "photolib action keyword add --value Places/France/Bordeaux 3fa2c81d",
                    "photolib list --city Bordeaux --ids | photolib action keyword add --value holiday -",
                ]),
            CommandSpec(
                name: "person", abstract: "Add or remove a person (see 'photolib help action person add').",
                subcommands: [
                    actionSpec(for: .personAdd, name: "add"), actionSpec(for: .personRemove, name: "remove"),
                    personUndoSpec,
                ],
                examples: [
                    "photolib action person add --value 'Anna Schmidt' 3fa2c81d",
                    "photolib list --person Anna --ids | photolib action person remove --value Anna -",
                    "photolib action person undo 3fa2c81d",
                ]),
            DateCommand.spec,
            GPSCommand.spec,
            BulkEditCommand.spec,
        ],
        examples: [
            "photolib action favourite 3fa2c81d",
            "photolib list --city Bordeaux --ids | photolib action favourite -",
            "photolib action caption --value 'Lovely piece of art in Bordeaux' 2015/bordeaux-art.jpg",
            "photolib action rating --value 4 3fa2c81d",
            "photolib action date --shift -1h 3fa2c81d",
            "photolib action delete --dry-run 3fa2c81d 77b0e1c4",
            "photolib action set --from captions.csv",
        ]
    )

    /// `action person undo`: the people before the last change, from the action log.
    static let personUndoSpec = CommandSpec(
        name: "undo", abstract: "Give back the people each asset showed before its last change of people.",
        discussion: """
            Reads each asset's last change of people in the action log (by 'action person', \
            'action set' or an earlier undo) and gives back the names it found, with where they \
            came from (a file's names become the file's again, which a later index may then \
            update). A second undo redoes the change. An asset whose people were never changed \
            is named on stderr, the others are changed, and the exit status is 2.
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false, isRepeating: true)],
        options: optionSpecs([Options.dryRun, Options.json]),
        examples: [
            "photolib action person undo 3fa2c81d",
            "photolib list --person Anna --ids | photolib action person undo --dry-run -",
        ])

    /// Runs `action person undo`.
    static func undoPeople(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        let dryRun = command[Options.dryRun]
        if !dryRun { try library.requireWritable() }
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        let undoer = FieldUndo(library: library, catalog: catalog)
        let report =
            try dryRun
            ? undoer.plan(.people, on: assets, gazetteer: nil) : undoer.perform(.people, on: assets, gazetteer: nil)
        return try ActionReportOutput.finish(
            report, library: library, catalog: catalog, json: command[Options.json], dryRun: dryRun, context: context)
    }

    /// The actions reached as `action keyword add|remove`.
    static let keywordActions: Set<AssetAction> = [.keywordAdd, .keywordRemove]
    /// The actions reached as `action keyword|person add|remove`, with their group and verb.
    static let pairedActions: [AssetAction: (group: String, verb: String)] = [
        .keywordAdd: ("keyword", "add"), .keywordRemove: ("keyword", "remove"),
        .personAdd: ("person", "add"), .personRemove: ("person", "remove"),
    ]

    /// The placeholder of `--value` for an action that takes one.
    static func valueName(_ action: AssetAction) -> String {
        switch action {
        case .caption: "text"
        case .rating: "n"
        case .keywordAdd, .keywordRemove: "keyword"
        case .personAdd, .personRemove: "name"
        default: "name"
        }
    }

    static func actionSpec(for action: AssetAction, name: String? = nil) -> CommandSpec {
        var options = commonOptions
        if action.takesValue { options.insert(Options.value(for: action), at: 0) }
        if action != .delete { options.removeAll { $0.name == Options.yes.name } }
        let group = pairedActions[action]?.group ?? "keyword"
        let invocation = "photolib action " + (name.map { "\(group) \($0)" } ?? action.rawValue)
        let example =
            switch action {
            case .caption: " --value 'Sunset'"
            case .city: " --value 'Bordeaux'"
            case .rating: " --value 4"
            case .keywordAdd, .keywordRemove: " --value Places/France/Bordeaux"
            case .personAdd, .personRemove: " --value 'Anna Schmidt'"
            default: ""
            }
        return CommandSpec(
            name: name ?? action.rawValue, aliases: name == nil ? action.aliases : [], abstract: action.summary,
            arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false, isRepeating: true)],
            options: optionSpecs(options), examples: ["\(invocation)\(example) 3fa2c81d"])
    }

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        if command.path[1] == BulkEditCommand.spec.name { return try BulkEditCommand.run(command, context: context) }
        if command.path[1] == DateCommand.spec.name { return try DateCommand.run(command, context: context) }
        if command.path[1] == GPSCommand.spec.name { return try GPSCommand.run(command, context: context) }
        if command.path.count > 2, command.path[1] == "person", command.path[2] == personUndoSpec.name {
            return try undoPeople(command, context: context)
        }
        // The parser ran a subcommand, named by its canonical name, with at least one asset.
        let action =
            pairedActions.first { $0.value.group == command.path[1] && $0.value.verb == command.path[2] }?.key
            ?? AssetAction(named: command.path[1])!
        let value = action.takesValue ? command[Options.value(for: action)] : nil
        if action.takesValue, value == nil {
            throw UsageError(
                message: "Missing expected option '--value <\(valueName(action))>'", commandPath: command.path)
        }
        if action == .rating, let value, Int(value.trimmingWhitespace()).map(AssetAction.ratings.contains) != true {
            throw UsageError(
                message: "Invalid value '\(value)' for '--value <n>': expected a whole number in -1...5",
                commandPath: command.path)
        }
        if Self.keywordActions.contains(action), let value, AssetEdit.userKeywords([value]).isEmpty {
            throw UsageError(
                message: "Invalid value '\(value)' for '--value <keyword>': empty", commandPath: command.path)
        }
        if [.personAdd, .personRemove].contains(action), let value, AssetEdit.userPeople([value]).isEmpty {
            throw UsageError(message: "Invalid value '\(value)' for '--value <name>': empty", commandPath: command.path)
        }
        if let problem = action.change(value: value).flatMap(AssetTextLimits.problem) {
            throw UsageError(
                message: "Invalid value for '--value <\(valueName(action))>': \(problem)", commandPath: command.path)
        }
        let library = try context.library(command)
        try library.requireWritable()
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        let dryRun = command[Options.dryRun]
        if action == .delete, !dryRun, !command[Options.yes] {
            try confirmDeletion(of: assets.filter { !$0.trashed }, command: command, context: context)
        }
        let performer = ActionPerformer(library: library, catalog: catalog)
        let report =
            dryRun
            ? performer.plan(action, value: value, on: assets)
            : try performer.perform(action, value: value, on: assets)

        return try ActionReportOutput.finish(
            report, library: library, catalog: catalog, json: command[Options.json], dryRun: dryRun, context: context)
    }

    /// Deleting more than one asset asks first on a terminal and needs `--yes` from a script.
    private static func confirmDeletion(of assets: [Asset], command: ParsedCommand, context: CommandContext) throws {
        guard assets.count > 1 else { return }
        let readsStandardInput = command.rawArguments.contains { $0.bytes == [UInt8(ascii: "-")] }
        guard context.stdinIsTerminal, !readsStandardInput else {
            throw UsageError(
                message: "Deleting \(assets.count) assets from a script needs --yes "
                    + "(they go to the trash; 'photolib action restore' brings them back)",
                commandPath: command.path)
        }
        context.stderr.write("Move \(assets.count) photos to the trash? [y/N] ")
        let answer = String(decoding: context.stdin.readLine() ?? [], as: UTF8.self).trimmingWhitespace().lowercased()
        guard answer == "y" || answer == "yes" else {
            throw ActionCancelled()
        }
    }
}

/// The person answered no: nothing was done.
struct ActionCancelled: PhotolibError {
    var kind: ErrorKind { .failure }
    var description: String { "cancelled; nothing was deleted" }
}
