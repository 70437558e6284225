import Foundation
import PhotoTestSupport

/// A library in a fresh temporary folder for one end-to-end test, removed when done.
final class TestLibrary {
    private let folder: TemporaryDirectory
    var root: URL { folder.url }

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// A library made with `init` holding a copy of SampleLibrary's ten photos, not indexed yet,
    /// its catalog on `backend`.
    static func sample(_ backend: CatalogBackend = .sqlite) throws -> TestLibrary {
        let library = try TestLibrary()
        let sample = SampleFiles.root
        let files = FileManager.default.enumerator(atPath: sample.path)!.compactMap { $0 as? String }
        for file in files where file.hasSuffix(".jpg") {
            try library.add(sample.appendingPathComponent(file), as: file)
        }
        let made = try BinaryRunner.run(["init"] + backend.initArguments() + [library.root.path])
        guard made.status == 0 else { throw InitFailed(stderr: made.stderr) }
        return library
    }

    struct InitFailed: Error { var stderr: String }

    /// Copies `source` (a file) to `relativePath` inside the library, making folders.
    func add(_ source: URL, as relativePath: String) throws {
        let destination = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
        // The corpus is read-only; the library's copies must be movable and editable.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: destination.path)
    }

    func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// Runs photolib with this library as `--library`.
    @discardableResult
    func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        try BinaryRunner.run(arguments + ["--library", root.path], stdin: stdin, environment: environment)
    }

    /// Runs photolib with this library as `--library`, stdout as bytes.
    func runRaw(_ arguments: [String], stdin: Data? = nil) throws -> BinaryRunner.Result {
        try BinaryRunner.runRaw(arguments + ["--library", root.path], stdin: stdin)
    }

    /// `list --jsonl`, parsed.
    func assets(_ extra: [String] = []) throws -> [[String: Any]] {
        let result = try run(["list", "--jsonl"] + extra)
        return result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}
