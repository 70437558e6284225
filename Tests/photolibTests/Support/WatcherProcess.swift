import Foundation

/// `photolib index --watch` running as a child of the test, its stderr in a file, until
/// `stop()` sends SIGTERM (or the test ends and `deinit` kills it).
final class WatcherProcess {
    let process = Process()
    private let scratch: URL
    private let errURL: URL
    private let errors: FileHandle

    init(library: TestLibrary, arguments: [String] = [], environment: [String: String] = [:]) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("photolib-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        errors = try FileHandle(forWritingTo: errURL)
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = ["index", "--watch"] + arguments + ["--library", library.root.path]
        process.environment = BinaryRunner.childEnvironment(adding: environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? errors.close()
        try? FileManager.default.removeItem(at: scratch)
    }

    var pid: Int32 { process.processIdentifier }

    var stderr: String {
        String(decoding: FileManager.default.contents(atPath: errURL.path) ?? Data(), as: UTF8.self)
    }

    /// Waits up to `timeout` seconds for `condition`; false when it never held. Not a timing
    /// assertion: the bound is there so that a watcher that misses a change fails, not hangs.
    static func waitFor(_ timeout: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(100_000)
        }
        return try condition()
    }

    /// Waits for the watcher's first index to be done (its "watching" line).
    func waitUntilWatching() -> Bool {
        Self.waitFor(60) { stderr.contains(": watching ") || !process.isRunning }
    }

    /// SIGTERM, then the exit status (128 + the signal when one killed it).
    func stop() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        let stopped = Self.waitFor(30) { !process.isRunning }
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// SIGKILL: nothing of it runs after.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
