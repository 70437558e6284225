import Foundation
import PhotoTestSupport
import Testing

/// A library whose catalog is PostgreSQL, driven through the built binary: the same
/// workflow gives the same output as on SQLite; failures to connect are one line; a server
/// restarted in the middle of an index does not lose the run.
@Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
struct PostgresEndToEndTests {
    /// SampleLibrary's photos in a new library on `backend`, not indexed yet.
    private func sampleLibrary(_ backend: CatalogBackend) throws -> TestLibrary {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary")
        for file in FileManager.default.enumerator(atPath: sample.path)!.compactMap({ $0 as? String })
        where file.hasSuffix(".jpg") {
            try library.add(sample.appendingPathComponent(file), as: file)
        }
        let initialised = try BinaryRunner.run(["init"] + backend.initArguments() + [library.root.path])
        try #require(initialised.status == 0, "init: \(initialised.stderr)")
        return library
    }

    // MARK: - The same workflow, the same output

    @Test func peekPopAndActionsGiveTheSameOutputOnBothBackends() throws {
        let art = "2015/bordeaux-art.jpg"
        let lake = "2015/lake-beach.jpg"
        let sunset = "2015/sunset-orientation-6.jpg"
        let harbour = "2015/harbour-rouffiac.jpg"
        let tree = "2015/tree-orientation-8.jpg"
        let tokyo = "2016/progressive-tokyo.jpg"
        let workflow: [[String]] = [
            ["index"],
            ["action", "favourite", art], ["action", "like", lake, tokyo],
            ["action", "caption", "--value", "Été à Bordeaux, 100% art_", art],
            ["action", "city", "--value", "Kyōto", tokyo],
            ["action", "toggle-favourite", sunset], ["action", "toggle-favourite", sunset, art],
            ["action", "delete", harbour], ["action", "delete", tree], ["action", "restore", tree],
            ["peek", "--json", art], ["pop", "--json", sunset], ["pop", "--json", lake],
            ["action", "unlike", "--json", lake], ["index"],
            ["list", "--jsonl"], ["list", "--jsonl", "--trashed"], ["list", "--jsonl", "--sort", "city"],
            ["list", "--jsonl", "--sort", "popped"], ["list", "--jsonl", "--sort", "taken"],
            ["list", "--jsonl", "--caption", "ÉTÉ"], ["list", "--jsonl", "--caption", "100%"],
            ["list", "--jsonl", "--city", "KYŌTO"], ["list", "--jsonl", "--city", "bordeaux"],
            ["list", "--jsonl", "--collection", "recently-popped"], ["list", "--ids", "--favourite"],
            ["collections", "--json"], ["history", "--json"], ["trash", "list", "--json"], ["verify", "--json"],
        ]
        var outputs: [CatalogBackend: [String]] = [:]
        for backend in CatalogBackend.allCases {
            let library = try sampleLibrary(backend)
            var lines: [String] = []
            for arguments in workflow {
                let result = try library.run(arguments)
                lines.append(
                    "$ \(arguments.joined(separator: " ")) → \(result.status)\n\(result.stdout)\(result.stderr)")
            }
            outputs[backend] = try Self.normalised(lines, library: library)
        }
        let sqlite = try #require(outputs[.sqlite])
        let postgres = try #require(outputs[.postgres])
        #expect(sqlite.count == postgres.count)
        for (one, other) in zip(sqlite, postgres) {
            #expect(one == other)
        }
        // The comparison compared something: every step ran, and the lists were not empty.
        #expect(sqlite.allSatisfy { $0.contains(" → 0\n") })
        #expect(
            sqlite.first { $0.hasPrefix("$ list --jsonl --caption ÉTÉ") }?.contains("<asset 2015/bordeaux-art.jpg>")
                == true)
    }

    /// The two libraries differ only in what cannot be the same: their folders, the random
    /// ids the index gave each photo, and the moments things happened. Each id (and short id)
    /// becomes the photo's path, the folder `<library>`, each UTC time `<time>`, each action
    /// batch its number.
    static func normalised(_ lines: [String], library: TestLibrary) throws -> [String] {
        var labels: [String: String] = [:]
        for arguments in [["list", "--jsonl"], ["list", "--jsonl", "--trashed"]] {
            for line in try library.run(arguments).stdout.split(separator: "\n") {
                let asset = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let path = try #require(asset["relativePath"] as? String)
                labels[try #require(asset["id"] as? String)] = "<asset \(path)>"
                labels[try #require(asset["shortId"] as? String)] = "<asset \(path)>"
            }
        }
        // Longest first: a full id before the short id it starts with.
        let ids = labels.keys.sorted { $0.count > $1.count }
        let time = try Regex(#"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#)
        // Action batches have random ids too: numbered in the order they first appear.
        let batch = try Regex(#""batch": "([0-9a-f]{16})""#, as: (Substring, Substring).self)
        var batches: [Substring: Int] = [:]
        return lines.map { line in
            var text = line.replacingOccurrences(of: library.root.path, with: "<library>")
            for id in ids { text = text.replacingOccurrences(of: id, with: labels[id]!) }
            text = text.replacing(batch) { match in
                let number = batches[match.output.1] ?? batches.count + 1
                batches[match.output.1] = number
                return "\"batch\": \"<batch \(number)>\""
            }
            return text.replacing(time, with: "<time>")
        }
    }

    // MARK: - Moving a catalog

    /// SQLite → PostgreSQL → SQLite: every output is byte for byte what it was, and the log
    /// goes on where it stopped on each store.
    @Test func catalogCopyRoundTripsByteForByte() throws {
        let library = try sampleLibrary(.sqlite)
        for arguments in [
            ["index"], ["action", "favourite", "2015/bordeaux-art.jpg"],
            ["action", "caption", "--value", "Été à Paris", "2015/lake-beach.jpg"],
            ["action", "city", "--value", "Zürich", "2016/progressive-tokyo.jpg"],
            ["action", "delete", "2015/harbour-rouffiac.jpg"], ["pop", "--json", "2016/lighthouse-portrait.jpg"],
        ] {
            let result = try library.run(arguments)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let views = [
            ["list", "--jsonl"], ["list", "--jsonl", "--trashed"], ["list", "--jsonl", "--sort", "city"],
            ["list", "--jsonl", "--caption", "ÉTÉ"], ["collections", "--json"], ["history", "--json"],
        ]
        func outputs() throws -> [String] { try views.map { try library.run($0).stdout } }
        let before = try outputs()
        #expect(before[0].split(separator: "\n").count == 9)

        let server = try PostgresTestServer.server()
        let toPostgres = try library.run([
            "catalog", "copy", "--to", server.url, "--schema", TestCatalog.freshSchemaName(),
        ])
        #expect(toPostgres.status == 0, "\(toPostgres.stderr)")
        #expect(toPostgres.stdout.hasPrefix("Copied 10 assets and 4 log events to postgresql://"))
        #expect(try library.run(["catalog", "info"]).stdout.hasPrefix("catalog: PostgreSQL, "))
        #expect(try outputs() == before)

        let toSQLite = try library.run(["catalog", "copy", "--to", "sqlite", "--json"])
        #expect(toSQLite.status == 0, "\(toSQLite.stderr)")
        #expect(toSQLite.stdout.contains("\"store\" : \"sqlite\"") || toSQLite.stdout.contains("\"store\": \"sqlite\""))
        #expect(try library.run(["catalog", "info"]).stdout.hasPrefix("catalog: SQLite, "))
        #expect(try outputs() == before)
        #expect(try library.run(["verify"]).status == 0)
        // The log goes on after the copied events.
        #expect(try library.run(["action", "like", "2015/bordeaux-art.jpg"]).status == 0)
        #expect(try library.run(["history", "--json"]).stdout.contains("\"sequence\": 5"))
    }

    @Test func aCopyThatCannotBeMadeChangesNothing() throws {
        let library = try sampleLibrary(.sqlite)
        #expect(try library.run(["index"]).status == 0)
        let settings = try String(contentsOf: library.url(".photolib/settings.json"), encoding: .utf8)
        let refused = try library.run(["catalog", "copy", "--to", "postgresql://photolib@127.0.0.1:1/photolib"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("photolib: error: cannot connect to the PostgreSQL catalog"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        // A schema that already holds another library's catalog is refused too.
        let other = try sampleLibrary(.postgres)
        let otherSettings = try String(contentsOf: other.url(".photolib/settings.json"), encoding: .utf8)
        let schema = try #require(otherSettings.firstMatch(of: /"postgresSchema" : "([a-z0-9_]+)"/)?.output.1)
        #expect(try other.run(["index"]).status == 0)
        let taken = try library.run([
            "catalog", "copy", "--to", try PostgresTestServer.server().url, "--schema", String(schema),
        ])
        #expect(taken.status == 64)
        #expect(taken.stderr.contains("already holds a photolib catalog (10 assets)"))
        #expect(try String(contentsOf: library.url(".photolib/settings.json"), encoding: .utf8) == settings)
        #expect(try library.run(["catalog", "copy", "--to", "sqlite"]).status == 64)
        #expect(try library.assets().count == 10)
    }

    // MARK: - Failing to connect

    @Test func aRefusedConnectionIsOneLineAndMakesNoLibrary() throws {
        let library = try TestLibrary()
        let result = try BinaryRunner.run([
            "init", "--catalog", "postgresql://photolib@127.0.0.1:1/photolib", "--schema", "family", library.root.path,
        ])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "photolib: error: cannot connect to the PostgreSQL catalog (postgresql://photolib@127.0.0.1:1/photolib, schema family): connection to server at \"127.0.0.1\", port 1 failed:"
            ))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: library.url(".photolib").path))
    }

    @Test func badCredentialsAreOneLine() throws {
        let library = try sampleLibrary(.postgres)
        // Another machine's settings: the same server, but a user without a password here.
        let settingsURL = library.url(".photolib/settings.json")
        let settings = try String(contentsOf: settingsURL, encoding: .utf8)
        try settings.replacingOccurrences(of: "photolib@127.0.0.1", with: "stranger@127.0.0.1")
            .write(to: settingsURL, atomically: true, encoding: .utf8)
        // A changed address is trusted again only when the user says so.
        #expect(try library.run(["list"]).stderr.contains("photolib sends none to a catalog address"))
        #expect(try library.run(["catalog", "trust"]).status == 0)
        let result = try library.run(["list"])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("photolib: error: cannot connect to the PostgreSQL catalog (postgresql://stranger@")
        )
        #expect(result.stderr.contains("fe_sendauth: no password supplied"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aPasswordInTheURLIsRefused() throws {
        let library = try TestLibrary()
        let result = try BinaryRunner.run([
            "init", "--catalog", "postgresql://ann:secret@127.0.0.1/photos", library.root.path,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("photolib: error: the catalog URL holds a password"))
        #expect(!result.stderr.contains("secret"))
        #expect(!FileManager.default.fileExists(atPath: library.url(".photolib").path))
    }
}
