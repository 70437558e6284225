import Foundation
import PhotoLibrary
import Testing

/// Runs the built `photolib` binary, as a user's shell would, and collects what it did.
///
/// The binary is `$PHOTOLIB_BINARY` when set, else the `photolib` beside this test
/// bundle (SwiftPM builds both into the same folder), else `.build/debug/photolib` in the
/// package. The child inherits this process's environment without any `PHOTOLIB_*`
/// variable (so a developer's own library cannot leak in), plus `environment`.
enum BinaryRunner {
    /// What a run of the binary produced.
    struct Result: Sendable {
        /// The exit status; 128 + the signal number when a signal killed it (as shells say).
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        /// True when the run outlived its `timeout` and was killed (status 137).
        var timedOut = false

        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "photolib binary not found (run 'swift build'); looked at: \(searched.joined(separator: ", "))"
        }
    }

    /// Where the binary is, or nil with the places searched.
    static func binaryURL() throws -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["PHOTOLIB_BINARY"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(
                URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("photolib"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/photolib"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryNotFound(searched: candidates.map(\.path))
        }
        return found
    }

    /// The package root: Tests/photolibTests/Support/BinaryRunner.swift is four levels below it.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `photolib arguments…` and returns its status, stdout and stderr as text.
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        workingDirectory: URL? = nil, timeout: TimeInterval? = nil
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try runRaw(
            arguments, stdin: stdin, environment: environment, workingDirectory: workingDirectory, timeout: timeout)
        return (result.status, result.stdoutText, result.stderr)
    }

    /// Runs `photolib arguments…` and returns stdout as the exact bytes written.
    ///
    /// Output goes to temporary files rather than pipes, so a chatty child never blocks
    /// on a full pipe while we wait for it. Standard input is `stdin`, else /dev/null.
    /// With `timeout`, a run still going after that many seconds is killed (SIGKILL) and
    /// comes back `timedOut`, so that a test of something that used to hang fails instead.
    static func runRaw(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        workingDirectory: URL? = nil, timeout: TimeInterval? = nil
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("photolib-run-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = try binaryURL()
        process.arguments = arguments
        process.environment = childEnvironment(adding: environment)
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let output = try FileHandle(forWritingTo: outURL)
        let errors = try FileHandle(forWritingTo: errURL)
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        if let stdin {
            let inURL = scratch.appendingPathComponent("stdin")
            try stdin.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(
            status: status,
            stdout: Array(try contents(of: outURL)),
            stderr: String(decoding: try contents(of: errURL), as: UTF8.self), timedOut: timedOut)
    }

    /// A file's bytes. Not `Data(contentsOf:)`: swift-foundation 6.3 leaks a 4 KiB buffer
    /// each time it reads an empty file (most stderr files here), which LeakSanitizer reports.
    private static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }

    /// This process's environment without `PHOTOLIB_*`, plus `extra`. `XDG_CONFIG_HOME` is a
    /// folder of this test process's own, so that the catalogs `init --catalog` trusts are
    /// written there and not into the developer's own configuration.
    static func childEnvironment(adding extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PHOTOLIB_") }
        environment["XDG_CONFIG_HOME"] = configurationFolder
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// The catalogs the photolib processes this test process starts trust, for a test that
    /// opens their library itself.
    static var catalogTrust: CatalogTrust { CatalogTrust(environment: childEnvironment(adding: [:])) }

    /// `XDG_CONFIG_HOME` of the photolib processes this test process starts.
    static let configurationFolder: String = {
        let folder = NSTemporaryDirectory() + "photolib-tests-config-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()
}
