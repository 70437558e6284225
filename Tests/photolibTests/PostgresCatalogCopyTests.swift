import Foundation
import PhotoCatalog
import PhotoSupport
import PhotoTestSupport
import Testing

/// `catalog copy` carries what no listing shows but the library needs: the files index could
/// not read (so they are not read again), a file move recorded and not finished (so the next
/// command finishes it on the new catalog), and the library id its settings are checked against.
@Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
struct PostgresCatalogCopyTests {
    @Test func aRoundTripKeepsIndexFailuresRecordedMovesAndTheLibraryID() throws {
        let library = try TestLibrary.sample()
        try Data("not a photo at all".utf8).write(to: library.url("2015/notes.jpg"))
        #expect(try library.run(["index"]).status != 0)
        let failed = try library.run(["list", "--failed"]).stdout
        #expect(failed.contains("notes.jpg"), "\(failed)")
        // A delete killed after its file moved, before its catalog change: the record and the file.
        let asset = try #require(
            try library.assets().first { ($0["path"] as? String)?.hasSuffix("lake-beach.jpg") == true })
        let id = try #require(asset["id"] as? String)
        let path = try #require(asset["path"] as? String)
        let relative = String(path.dropFirst(library.root.path.count + 1))
        let trashRelative = ".photolib/trash/\(id)/lake-beach.jpg"
        try FileManager.default.createDirectory(
            at: library.url(".photolib/trash/\(id)"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path, toPath: library.url(trashRelative).path)
        try CatalogSQL.execute(
            """
            INSERT INTO file_moves (asset_id, kind, source, target, started_at)
            VALUES ('\(id)', 'trash', CAST('\(relative)' AS BLOB), CAST('\(trashRelative)' AS BLOB), 0)
            """, root: library.root)

        let server = try PostgresTestServer.server()
        let toPostgres = try library.run([
            "catalog", "copy", "--to", server.url, "--schema", TestCatalog.freshSchemaName(),
        ])
        #expect(toPostgres.status == 0, "\(toPostgres.stderr)")
        // The first command on the new catalog finishes the move the old one recorded.
        let trashed = try library.assets(["--trashed"])
        #expect(trashed.map { $0["id"] as? String } == [id])
        #expect(try library.run(["list", "--failed"]).stdout == failed)
        // Not read again: the remembered failure stands on PostgreSQL too.
        let again = try library.run(["index"])
        #expect(again.stdout.contains("failed before 1 (unchanged; not read)"), "\(again.stdout)")
        #expect(again.stderr.isEmpty, "\(again.stderr)")

        let toSQLite = try library.run(["catalog", "copy", "--to", "sqlite"])
        #expect(toSQLite.status == 0, "\(toSQLite.stderr)")
        #expect(try library.run(["list", "--failed"]).stdout == failed)
        #expect(try library.assets(["--trashed"]).map { $0["id"] as? String } == [id])
        // The copied catalog carries the id the settings name, so it is recognised as this library's.
        let settings = try JSONSerialization.jsonObject(with: Data(contentsOf: library.url(".photolib/settings.json")))
        let libraryID = try #require((settings as? [String: Any])?["libraryID"] as? String)
        let catalog = try SQLiteCatalog(path: RawPath(library.url(".photolib/catalog.sqlite").path))
        #expect(try catalog.libraryID() == libraryID)
    }
}
