/// How a terminal can show a picture, and how `--image auto` picks one.
public enum TerminalGraphics {
    /// A way of drawing pixels in a terminal.
    public enum Method: String, Sendable, CaseIterable {
        /// kitty's graphics protocol (`ESC _G … ESC \`): kitty, and terminals that copy it.
        case kitty
        /// iTerm2's inline images (`ESC ]1337;File=…`): iTerm2, WezTerm.
        case iterm
        /// DEC sixels: mlterm, foot, xterm built with them, WezTerm.
        case sixel
        /// Unicode block and shape symbols in colour: any terminal.
        case symbols
    }

    /// How many colours symbols may use.
    public enum Colors: String, Sendable {
        case truecolor, indexed256, indexed16
        /// The terminal's own foreground and background only: shapes without a colour escape
        /// (`NO_COLOR`).
        case monochrome
    }

    /// Whether the environment's terminal may be sent anything but plain text: not when
    /// `TERM` is `dumb` (an editor's shell buffer, a serial console), which shows escapes
    /// as they are.
    public static func allowsEscapes(environment: [String: String]) -> Bool {
        environment["TERM"]?.lowercased() != "dumb"
    }

    /// Whether colour is wanted: no when `NO_COLOR` is set and not empty (no-color.org) or
    /// the terminal is dumb.
    public static func allowsColor(environment: [String: String]) -> Bool {
        allowsEscapes(environment: environment) && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// What a terminal database (libchafa's) says the environment's terminal can do.
    public struct DatabaseHint: Sendable, Equatable {
        public var kitty = false, iterm = false, sixel = false
        public var directColor = false, color256 = false

        public init(
            kitty: Bool = false, iterm: Bool = false, sixel: Bool = false,
            directColor: Bool = false, color256: Bool = false
        ) {
            self.kitty = kitty
            self.iterm = iterm
            self.sixel = sixel
            self.directColor = directColor
            self.color256 = color256
        }
    }

    /// The protocol and colours for the terminal `environment` describes, decided as chafa's
    /// own tool decides: from the environment alone (a query written to the terminal could
    /// block when nobody answers). Names a terminal sets for itself come first, then what
    /// libchafa's terminal database knows of `$TERM`.
    public static func detect(environment: [String: String], hint: DatabaseHint) -> (method: Method, colors: Colors) {
        let term = environment["TERM"]?.lowercased() ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        // Inside tmux or screen, image escapes reach the outer terminal only through
        // pass-through that is off by default: symbols are what shows.
        let multiplexed = environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
        let colors = colorDepth(environment: environment, term: term, hint: hint, multiplexed: multiplexed)
        // No colour asked for: shapes in the terminal's own colours, never a colour picture.
        if colors == .monochrome || multiplexed { return (.symbols, colors) }
        if environment["KITTY_WINDOW_ID"] != nil || term.contains("kitty") || program == "ghostty" {
            return (.kitty, colors)
        }
        if program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2" {
            return (.iterm, colors)
        }
        if term.contains("sixel") || term.hasPrefix("mlterm") || term.hasPrefix("foot") || term.hasPrefix("contour")
            || term.hasPrefix("yaft")
        {
            return (.sixel, colors)
        }
        if hint.kitty { return (.kitty, colors) }
        if hint.iterm { return (.iterm, colors) }
        if hint.sixel { return (.sixel, colors) }
        return (.symbols, colors)
    }

    /// 24-bit colour where the terminal says it has it (`COLORTERM`, `VTE_VERSION`, a
    /// `-direct` or kitty `TERM`, libchafa's database), 16 on the terminals known for it,
    /// else 256 (what `xterm-256color` promises). Inside tmux or screen 24-bit, which they
    /// turn into the outer terminal's colours. None under `NO_COLOR`.
    private static func colorDepth(
        environment: [String: String], term: String, hint: DatabaseHint, multiplexed: Bool
    ) -> Colors {
        if !allowsColor(environment: environment) { return .monochrome }
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        // VTE (GNOME Terminal, Tilix, Terminator) names its version whatever TERM says: 24-bit
        // colour since 0.36 (3600), 256 colours before it.
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }) { return vte >= 3600 ? .truecolor : .indexed256 }
        if term == "linux" || term == "dumb" || term.hasPrefix("vt") || term == "ansi" || term.hasSuffix("-16color")
            || term.hasSuffix("-color") || term == "xterm" && !hint.directColor
        {
            return .indexed16
        }
        // Apple's Terminal has 256 colours and no more.
        if environment["TERM_PROGRAM"] == "Apple_Terminal" { return .indexed256 }
        if multiplexed || term.hasSuffix("-direct") || term.contains("kitty") { return .truecolor }
        if term.contains("256color") { return .indexed256 }
        return hint.directColor ? .truecolor : .indexed256
    }
}
