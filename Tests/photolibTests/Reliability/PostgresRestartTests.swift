import Foundation
import PhotoTestSupport
import Testing

extension ReliabilityTests {
    /// The PostgreSQL server restarted while `index` runs: the index reconnects and finishes,
    /// or fails with one clear line (exit 1); either way a second run finishes the job and
    /// the catalog holds every photo once.
    @Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
    struct PostgresRestartTests {
        @Test func serverRestartedInTheMiddleOfAnIndex() throws {
            // A cluster of its own: restarting the shared one would disturb the other tests.
            let server = try PostgresTestServer.startCluster()
            defer { PostgresTestServer.stopCluster(server) }
            let crash = try CrashLibrary(count: 150, withCorpus: false, initArguments: ["--catalog", server.url])

            let index = Process()
            index.executableURL = try BinaryRunner.binaryURL()
            index.arguments = ["index", "--library", crash.root.path]
            index.environment = BinaryRunner.childEnvironment(adding: [:])
            let errors = Pipe()
            index.standardOutput = FileHandle.nullDevice
            index.standardError = errors
            try index.run()
            // Reading and rendering come first, writing at the end: the restart lands while
            // the index holds an open (idle) connection, or while it writes.
            Thread.sleep(forTimeInterval: 0.5)
            let restart = try PostgresTestServer.runScript(["restart", server.directory, "--immediate"])
            #expect(restart.status == 0, "\(restart.stderr)")
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            index.waitUntilExit()
            #expect([0, 1].contains(index.terminationStatus), "\(stderr)")
            if index.terminationStatus == 1 {
                #expect(stderr.hasPrefix("photolib: error: ") && stderr.split(separator: "\n").count == 1, "\(stderr)")
            }

            let rerun = try crash.library.run(["index"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            let paths = try crash.library.assets().compactMap { $0["relativePath"] as? String }
            #expect(paths.sorted() == (try crash.photoPaths()))
            #expect(try crash.integrityProblems() == [])
        }
    }
}
