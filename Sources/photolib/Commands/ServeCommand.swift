import Foundation
import Glibc
import PhotoCatalog
import PhotoLibrary
import PhotoServer
import PhotoSupport

/// `photolib serve`: the gallery, peek and pop in a web browser.
enum ServeCommand: PhotolibCommand {
    enum Options {
        static let listen = Option<String>(
            "listen", "address",
            help:
                "Where to listen: HOST:PORT, [IPv6]:PORT or PORT (default 127.0.0.1:8080; port 0 lets the system choose). Beyond loopback an access token is needed."
        )
        static let allowEdits = Flag(
            "allow-edits",
            help: "Let the page favourite, like, delete and restore (by default the gallery is read-only).")
        static let idleTimeout = Option<Seconds>(
            "idle-timeout", "time", range: 1...3600,
            help:
                "Close a connection silent this long: a client that stops half-way through a request, or an idle keep-alive (default: 30s)."
        )
        static let pick = Flag(
            "pick",
            help:
                "Be a chooser: popping a photo (or Choose, with --multi) prints it, as 'photolib pick' does, and stops the server."
        )
    }

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Show the library in a web browser: the gallery with peek and pop.",
        discussion: """
            An HTTP server (libmicrohttpd) over the library, with its page, scripts and styles in \
            the binary. Open the URL it prints on stderr. The grid loads page by page as you \
            scroll; collections sit on a segmented control; the address holds the view, with the \
            same filters as 'list' (?collection=favourites, ?city=Bordeaux&has-gps). Press and \
            hold a photo (or Force Touch, right-click, or Space) to peek: the preview over the \
            blurred page; swipe up (or the up arrow) for its actions; let go to close it. A tap, \
            Enter, or tapping the peek pops the detail view: every fact, the history, the \
            original zoomed in place (Z), a video played from the original. Open pages follow \
            the catalog as it changes (edits in another browser or in a terminal) through \
            server-sent events. Up to 10,000 connections at once (the open-file limit is raised \
            to fit); a connection silent for --idle-timeout is closed. Read-only unless \
            --allow-edits: actions then go through the same code as 'photolib action', with the \
            same history. It listens on loopback unless told otherwise; on any other address the \
            printed URL carries a random access token, kept in a cookie. Ctrl-C or SIGTERM stop \
            it (exit 0). With --pick it is a chooser: the chosen photo is printed on stdout as \
            'photolib pick' prints it (--print, --json, --null, --multi) and the server stops; \
            stopped without a choice, it exits 130.
            """,
        options: optionSpecs(
            [Options.listen, Options.allowEdits, Options.idleTimeout, Options.pick] + PickedOutput.keys),
        examples: [
            "photolib serve",
            "photolib serve --listen 0.0.0.0:8080 --allow-edits",
            "open \"$(photolib serve --pick --listen 8081)\"",
            "photolib serve --pick --multi --print id | photolib action like -",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let output = try PickedOutput.output(command)
        let picking = command[Options.pick]
        if !picking, let given = PickedOutput.keys.first(where: { command.given($0) }) {
            throw UsageError(message: "--\(given.name) needs --pick", commandPath: command.path)
        }
        let listenText = command[Options.listen] ?? "127.0.0.1:8080"
        guard let address = ListenAddress(listenText) else {
            throw UsageError(
                message: "Invalid value '\(listenText)' for '--listen <address>': expected HOST:PORT, "
                    + "[IPv6]:PORT or PORT, with an IP address (or localhost)", commandPath: command.path)
        }
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let multiple = command[PickedOutput.multi]
        var options = GalleryOptions(
            address: address, allowEdits: command[Options.allowEdits],
            purpose: picking ? .pick(multiple: multiple) : .browse)
        if let timeout = try command[Options.idleTimeout] {
            options.timeoutSeconds = max(1, Int(timeout.value.rounded()))
        }
        options.connectionLimit = ConnectionDescriptors.fit(options.connectionLimit)
        if options.connectionLimit < GalleryOptions.defaultConnectionLimit {
            context.diagnostics.notice(
                "at most \(options.connectionLimit) connections at once: the open-file limit is too low for "
                    + "\(GalleryOptions.defaultConnectionLimit) (raise it with 'ulimit -Hn')")
        }
        let server = GalleryServer(
            library: library, catalog: catalog, options: options, presentation: presentation(library: library))
        let signals = ServeSignals()
        let url = try server.start()
        context.diagnostics.notice("serving \(library.root) at \(url) (Ctrl-C stops)")
        signals.onSignal { server.finish() }
        let chosen = server.waitUntilFinished()
        guard picking else { return .success }
        guard let chosen else { return .cancelled }
        let assets = try chosen.compactMap { try catalog.asset(id: $0) }
        try PickedOutput.write(
            assets, as: output, command: command, library: library, catalog: catalog, context: context)
        return .success
    }

    /// The asset JSON as `list --json` writes it (whole, and the grid's cells), and `list`'s
    /// filters read from the address.
    static func presentation(library: Library) -> GalleryPresentation {
        let presenter = AssetPresenter(library: library)
        return GalleryPresentation(
            assetJSON: { presenter.json($0) }, cellJSON: { presenter.cellJSON($0) },
            query: { arguments in try WebFilters.query(arguments) })
    }
}
