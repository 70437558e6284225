import Foundation

/// `man/photolib.1` read as far as its checks need: the sections that document a command
/// (`.SS "photolib trash empty …"`), the GLOBAL OPTIONS section, and the options each names.
struct ManPage {
    struct Section: CustomStringConvertible {
        /// The command's names below `photolib` (`["trash", "empty"]`); empty for GLOBAL OPTIONS.
        var path: [String]
        /// The section's roff lines, header excluded.
        var lines: [String]

        var description: String { path.isEmpty ? "GLOBAL OPTIONS" : "photolib " + path.joined(separator: " ") }

        /// The section as text: roff's `\-` as `-`, font changes and quotes dropped.
        var text: String { lines.map(ManPage.plain).joined(separator: "\n") }

        /// The options its `.TP` lists document: an item's tag line such as
        /// `.BI \-j ", " \-\-jobs " n"` or `.BR \-\-favourite ", " \-\-favorite` whose first
        /// argument is an option gives every argument that is one (`-j`, `--jobs`). Options
        /// named in running text (`.B "list \-\-sort popped"`, an example of syntax) may belong
        /// to other commands and are not taken.
        var documentedOptions: Set<String> {
            var options = Set<String>()
            for (index, line) in lines.enumerated() where index > 0 && lines[index - 1].hasPrefix(".TP") {
                let arguments = ManPage.macroArguments(line)
                guard let first = arguments.first, ManPage.isOption(first) else { continue }
                options.formUnion(arguments.filter(ManPage.isOption))
            }
            return options
        }

        /// The words set in bold or italics by the section's macro lines (`like`, `unlike`).
        var macroWords: Set<String> {
            Set(lines.flatMap { ManPage.macroArguments($0).flatMap { $0.split(separator: " ").map(String.init) } })
        }

        /// True when `name` (`--jobs`, `-j`, `ls`) occurs in the text as a whole word.
        func mentions(_ name: String) -> Bool {
            let escaped = NSRegularExpression.escapedPattern(for: name)
            return text.range(of: "(?<![A-Za-z0-9-])\(escaped)(?![A-Za-z0-9-])", options: .regularExpression) != nil
        }

        /// The lines that document `option` in a `.TP` list: its macro line and the text up
        /// to the next `.TP`, `.PP` or section.
        func paragraph(of option: String) -> String? {
            guard
                let start = lines.indices.first(where: {
                    ManPage.macroArguments(lines[$0]).contains(option) && $0 > 0 && lines[$0 - 1].hasPrefix(".TP")
                })
            else { return nil }
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".TP") || $0.hasPrefix(".PP") } ?? lines.endIndex
            return lines[start..<end].map(ManPage.plain).joined(separator: " ")
        }
    }

    let sections: [Section]

    init(contentsOf url: URL) throws {
        self.init(text: try String(contentsOf: url, encoding: .utf8))
    }

    init(text: String) {
        var sections: [Section] = []
        var current: Section?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(".SH ") || line.hasPrefix(".SS ") {
                if let current { sections.append(current) }
                current = Self.section(startingWith: line)
            } else {
                current?.lines.append(line)
            }
        }
        if let current { sections.append(current) }
        self.sections = sections
    }

    /// The section of the command at `path` (`[]`: GLOBAL OPTIONS).
    func section(_ path: [String]) -> Section? {
        sections.first { $0.path == path }
    }

    /// The commands the page documents in sections of their own.
    var commandPaths: [[String]] { sections.map(\.path).filter { !$0.isEmpty } }

    /// A section worth keeping: a command's (`.SS "photolib list"`) or GLOBAL OPTIONS.
    private static func section(startingWith header: String) -> Section? {
        let title = header.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if header.hasPrefix(".SH "), title == "GLOBAL OPTIONS" { return Section(path: [], lines: []) }
        guard header.hasPrefix(".SS "), title.hasPrefix("photolib ") else { return nil }
        // The command's names come first; a placeholder (`\fIasset\fP`) or an option ends them.
        let names = title.split(separator: " ").dropFirst().prefix { word in
            word.allSatisfy { $0.isLowercase || $0 == "\\" || $0 == "-" } && word.first?.isLetter == true
        }
        return Section(path: names.map { plain(String($0)) }, lines: [])
    }

    /// The arguments of a font macro line (`.B`, `.BI`, `.BR`, `.IB`, `.IR`, `.RB`, `.I`), as
    /// plain text: quoted arguments keep their spaces. Empty for any other line.
    static func macroArguments(_ line: String) -> [String] {
        let macros: Set<Substring> = [".B", ".BI", ".BR", ".IB", ".IR", ".RB", ".RI", ".I"]
        guard let space = line.firstIndex(of: " "), macros.contains(line[..<space]) else { return [] }
        var arguments: [String] = []
        var current = ""
        var quoted = false
        for character in line[line.index(after: space)...] {
            if character == "\"" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !current.isEmpty { arguments.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { arguments.append(current) }
        return arguments.map(plain)
    }

    static func isOption(_ argument: String) -> Bool {
        argument.range(of: "^--?[a-z][a-z-]*$", options: .regularExpression) != nil
    }

    /// Roff text as it reads: `\-` as `-`, `\e` as `\`, font escapes and quotes removed.
    static func plain(_ roff: String) -> String {
        roff.replacingOccurrences(of: #"\\f[BIRP]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: "\\e", with: "\\")
            .replacingOccurrences(of: "\"", with: "")
    }
}
