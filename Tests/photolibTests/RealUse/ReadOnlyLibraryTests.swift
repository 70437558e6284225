import Foundation
import PhotoTestSupport
import Testing

/// A library nobody may write (an archive on a read-only mount, a backup, someone else's
/// folder): every read command works, every write command says so in one line.
///
/// Root ignores permissions, so when the tests run as root the binary runs as the
/// unprivileged `photolib-test` user (through setpriv); without that user the test says why
/// it did nothing.
@Suite struct ReadOnlyLibraryTests {
    static let otherUser = "photolib-test"

    /// Runs the binary as a user the library's permissions apply to.
    private static func runAsReader(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard geteuid() == 0 else { return try BinaryRunner.run(arguments) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            ["--reuid=\(otherUser)", "--regid=\(otherUser)", "--clear-groups", try BinaryRunner.binaryURL().path]
            + arguments
        process.environment = BinaryRunner.childEnvironment(adding: ["HOME": "/"])
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private static var canRunAsReader: Bool {
        geteuid() != 0
            || (getpwnam(otherUser) != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
    }

    private static func setWritable(_ root: URL, _ writable: Bool) throws {
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
        for path in [""] + files {
            let url = path.isEmpty ? root : root.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            let mode: Int = isFolder.boolValue ? (writable ? 0o755 : 0o555) : (writable ? 0o644 : 0o444)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
    }

    @Test func readCommandsWorkAndWriteCommandsSayReadOnly() throws {
        guard Self.canRunAsReader else {
            print("ReadOnlyLibraryTests: running as root without a '\(Self.otherUser)' user; nothing to test")
            return
        }
        let library = try ListCommandTests.sampleLibrary()
        let art = try library.assets(["--caption", "art"])[0]["id"] as! String
        #expect(try library.run(["action", "favourite", art]).status == 0)
        try Self.setWritable(library.root, false)
        defer { try? Self.setWritable(library.root, true) }
        let control = library.url(".photolib")
        let before = try FileManager.default.contentsOfDirectory(atPath: control.path).sorted()
        let catalog = try Data(contentsOf: control.appendingPathComponent("catalog.sqlite"))
        let at = ["--library", library.root.path]

        let list = try Self.runAsReader(["list", "--ids"] + at)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 10)
        for command in [
            ["peek", art, "--json"], ["pop", art], ["collections"], ["history", art], ["verify"],
            ["list", "--collection", "favourites"], ["config"], ["trash", "list"],
        ] {
            let result = try Self.runAsReader(command + at)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
        }
        #expect(try Self.runAsReader(["history", art] + at).stdout.contains("favourite"))
        // Export copies out of it (into a folder the reader may write), remembering nothing.
        let exports = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: exports.url.path)
        let exported = try Self.runAsReader(
            ["export", exports.url.appendingPathComponent("out").path, "--favourite"] + at)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: exports.url.appendingPathComponent("out/bordeaux-art.jpg").path))

        let readOnly = "photolib: error: \(library.root.path): library is read-only\n"
        for command in [
            ["index"], ["action", "like", art], ["render", "--force"], ["config", "quality", "90"],
            ["verify", "--repair"], ["trash", "empty", "--yes"],
        ] {
            let result = try Self.runAsReader(command + at)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == readOnly, "\(command)")
        }
        // Nothing was written: no WAL index, no journal, the same catalog.
        #expect(try FileManager.default.contentsOfDirectory(atPath: control.path).sorted() == before)
        #expect(try Data(contentsOf: control.appendingPathComponent("catalog.sqlite")) == catalog)
    }

    /// `duplicates` reads the originals that have no content hash yet and groups them all the
    /// same, keeping the hashes for the run: nothing is written.
    @Test func duplicatesAreFoundInALibraryNobodyMayWrite() throws {
        guard Self.canRunAsReader else {
            print("ReadOnlyLibraryTests: running as root without a '\(Self.otherUser)' user; nothing to test")
            return
        }
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        try FileManager.default.copyItem(at: library.url("2015/lake-beach.jpg"), to: library.url("copy of lake.jpg"))
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        #expect(try library.assets().allSatisfy { $0["contentHash"] is NSNull })
        try Self.setWritable(library.root, false)
        defer { try? Self.setWritable(library.root, true) }
        let control = library.url(".photolib")
        let catalog = try Data(contentsOf: control.appendingPathComponent("catalog.sqlite"))

        let found = try Self.runAsReader(["duplicates", "--jsonl", "--library", library.root.path])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stderr.isEmpty, "\(found.stderr)")
        let groups = found.stdout.split(separator: "\n")
        #expect(groups.count == 1, "\(found.stdout)")
        let group = try #require(
            try JSONSerialization.jsonObject(with: Data(groups.first.map(String.init)?.utf8 ?? "".utf8))
                as? [String: Any])
        let paths = ((group["assets"] as? [[String: Any]]) ?? []).compactMap { $0["relativePath"] as? String }
        #expect(paths.sorted() == ["2015/lake-beach.jpg", "copy of lake.jpg"])
        // `--duplicates` as a filter needs the hashes in the catalog: it says why it cannot.
        let filtered = try Self.runAsReader(["list", "--duplicates", "--library", library.root.path])
        #expect(filtered.status == 1 && filtered.stderr.hasSuffix("library is read-only\n"), "\(filtered.stderr)")
        #expect(try Data(contentsOf: control.appendingPathComponent("catalog.sqlite")) == catalog)
    }
}
