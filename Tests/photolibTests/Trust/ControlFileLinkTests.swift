import Foundation
import PhotoTestSupport
import Testing

/// Issue 24, item 2 (the rest): `settings.json` and `gazetteer.bin` are written inside
/// `.photolib/` opened from the root through no symlink, as renditions and the trash are. A
/// planted link (the file, or `.photolib` itself) sends no write outside the library; `verify`
/// reports it (`control-symlink`) and `--repair` removes only the link.
@Suite struct ControlFileLinkTests {
    private func link(_ path: URL, to target: URL) throws {
        try? FileManager.default.removeItem(at: path)
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: target.path)
    }

    private func isSymlink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    @Test func settingsAreNotWrittenThroughALink() throws {
        let library = try TestLibrary.sample()
        let folder = try TemporaryDirectory()
        // Valid settings outside (a link to anything else would not open as a library).
        let settings = library.url(".photolib/settings.json")
        let outside = folder.url.appendingPathComponent("settings.json")
        try FileManager.default.copyItem(at: settings, to: outside)
        let before = try Data(contentsOf: outside)
        try link(settings, to: outside)

        let set = try library.run(["config", "quality", "70"])
        #expect(set.status != 0, "\(set.stdout)")
        #expect(set.stderr.contains("is a symlink, and photolib writes through no symlink"), "\(set.stderr)")
        #expect(try Data(contentsOf: outside) == before)

        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("control-symlink: \(settings.path):"), "\(verify.stdout)")
        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout) \(repair.stderr)")
        #expect(!isSymlink(settings))
        #expect(try Data(contentsOf: outside) == before)
        // The library is one still, with the settings it had, and writable again.
        #expect(try library.run(["config", "quality", "70"]).status == 0)
        #expect(try Data(contentsOf: outside) == before)
        #expect(try library.run(["verify"]).status == 0)
    }

    @Test func theGazetteerIsNotWrittenThroughALink() throws {
        let library = try TestLibrary.sample()
        let folder = try TemporaryDirectory()
        let outside = folder.url.appendingPathComponent("precious.bin")
        try Data("precious".utf8).write(to: outside)
        let gazetteer = library.url(".photolib/gazetteer.bin")
        try link(gazetteer, to: outside)
        let dump = folder.url.appendingPathComponent("dump.txt")
        try ConfigAndImportTests.dump.write(to: dump, atomically: true, encoding: .utf8)

        let imported = try library.run(["places", "import", dump.path])
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("is a symlink, and photolib writes through no symlink"), "\(imported.stderr)")
        #expect(try Data(contentsOf: outside) == Data("precious".utf8))

        let verify = try library.run(["verify"])
        #expect(verify.stdout.contains("control-symlink: \(gazetteer.path):"), "\(verify.stdout)")
        _ = try library.run(["verify", "--repair"])
        #expect(!FileManager.default.fileExists(atPath: gazetteer.path) && !isSymlink(gazetteer))
        #expect(try Data(contentsOf: outside) == Data("precious".utf8))
        #expect(try library.run(["places", "import", dump.path]).status == 0)
        #expect(try Data(contentsOf: outside) == Data("precious".utf8))
    }

    @Test func aLinkedControlFolderTakesNoSettingsWrite() throws {
        let library = try TestLibrary.sample()
        let folder = try TemporaryDirectory()
        let control = library.url(".photolib")
        let moved = folder.url.appendingPathComponent("control")
        try FileManager.default.moveItem(at: control, to: moved)
        try link(control, to: moved)
        let settings = try Data(contentsOf: moved.appendingPathComponent("settings.json"))

        let set = try library.run(["config", "quality", "70"])
        #expect(set.status != 0)
        #expect(set.stderr.contains("is a symlink, and photolib writes through no symlink"), "\(set.stderr)")
        #expect(try Data(contentsOf: moved.appendingPathComponent("settings.json")) == settings)
        let verify = try library.run(["verify"])
        #expect(verify.stdout.contains("control-symlink: \(control.path):"), "\(verify.stdout)")
        // Not removed: it holds the catalog.
        let repair = try library.run(["verify", "--repair"])
        #expect(isSymlink(control))
        #expect(repair.stdout.contains("replace the link with the folder"), "\(repair.stdout)")
    }
}
