import PhotoLibrary

/// `photolib config [KEY [VALUE]]`: shows or changes the library's settings.
enum ConfigCommand: PhotolibCommand {
    enum Options {
        static let json = Flag("json", help: "Print the settings as JSON.")
    }

    static let spec = CommandSpec(
        name: "config",
        abstract: "Show or change the library's settings.",
        discussion: """
            With no KEY, prints every setting as 'key = value'. With KEY, prints its value. With \
            KEY and VALUE, changes it (the settings file is replaced atomically). Settings: \
            \(LibrarySettingOptions.summary).
            """,
        arguments: [
            ArgumentSpec(name: "key", help: "A setting's name."),
            ArgumentSpec(name: "value", help: "Its new value."),
        ],
        options: [Options.json.spec],
        examples: ["photolib config", "photolib config sidecars write", "photolib config quality"]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        var settings = library.settings
        let arguments = command.arguments
        if arguments.count == 2 {
            try library.requireWritable()
            do { try settings.setValue(arguments[1], forKey: arguments[0]) } catch {
                throw UsageError(message: error.description, commandPath: command.path)
            }
            try library.writeSettings(settings)
        }
        if let key = arguments.first {
            guard let value = settings.value(forKey: key) else {
                throw UsageError(
                    message: SettingsError(key: key, reason: .unknownKey).description, commandPath: command.path)
            }
            if command[Options.json] {
                context.stdout.writePrettyJSON(.object([(key, .string(value))]))
            } else if arguments.count == 1 {
                context.stdout.write(value + "\n")
            }
            return .success
        }
        if command[Options.json] {
            context.stdout.writePrettyJSON(SettingsJSON.value(settings))
        } else {
            for key in LibrarySettings.keys { context.stdout.write("\(key) = \(settings.value(forKey: key) ?? "")\n") }
        }
        return .success
    }
}
