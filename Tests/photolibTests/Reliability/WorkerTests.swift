import Foundation
import PhotoTestSupport
import Synchronization
import Testing

extension ReliabilityTests {
    /// `index --worker` and `render --worker`: several processes share a run through the
    /// catalog's work queue; every file is indexed once, and a worker killed with SIGKILL
    /// loses nothing (its folder is taken over when its lease runs out) and duplicates nothing.
    @Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
    struct WorkerTests {
        /// 96 distinct photos in 12 folders at three depths, on a PostgreSQL catalog.
        private func library() throws -> CrashLibrary {
            let crash = try CrashLibrary(
                count: 0, withCorpus: false, initArguments: CatalogBackend.postgres.initArguments())
            let sources = try CrashLibrary.sources(withCorpus: false)
            let folders = ["a", "a/b", "a/b/c", "d", "d/e", "f", "g", "g/h", "i", "j/k/l", "m", "n"]
            for index in 0..<96 {
                try crash.addCopy(of: sources[index % sources.count], folder: folders[index % folders.count])
            }
            return crash
        }

        /// Starts `count` workers at once with `arguments`; returns each one's status, stdout and stderr.
        private func workers(_ count: Int, _ arguments: [String], library: CrashLibrary) throws -> [BinaryRunner.Result]
        {
            let results = Mutex<[BinaryRunner.Result]>([])
            let root = library.root.path
            ConcurrencyTests.runOnThreads(
                (0..<count).map { _ in
                    {
                        if let result = try? BinaryRunner.runRaw(arguments + ["--library", root]) {
                            results.withLock { $0.append(result) }
                        }
                    }
                })
            return results.withLock { $0 }
        }

        private func status(_ crash: CrashLibrary) throws -> [String: Any] {
            let result = try crash.library.run(["status", "--json"])
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }

        /// The run of `kind` in `status --json`.
        private func run(_ kind: String, of crash: CrashLibrary) throws -> [String: Any] {
            let runs = try #require(try status(crash)["runs"] as? [[String: Any]])
            return try #require(runs.first { $0["kind"] as? String == kind })
        }

        /// The catalog holds every photo once, at its path, and nothing else.
        private func expectEveryPhotoOnce(_ crash: CrashLibrary) throws {
            let assets = try crash.library.assets()
            #expect(assets.compactMap { $0["relativePath"] as? String }.sorted() == (try crash.photoPaths()))
            #expect(Set(assets.compactMap { $0["id"] as? String }).count == assets.count)
            #expect(try crash.integrityProblems() == [])
            // A plain index afterwards finds nothing new or changed: no file was lost.
            let again = try crash.library.run(["index", "--json"])
            #expect(again.stdout.contains("\"added\" : 0") || again.stdout.contains("\"added\": 0"), "\(again.stdout)")
            #expect(again.stdout.contains("\"unchanged\" : 96") || again.stdout.contains("\"unchanged\": 96"))
        }

        @Test(arguments: [2, 4]) func workersIndexEachFileOnce(count: Int) throws {
            let crash = try library()
            let results = try workers(
                count, ["index", "--worker", "--no-renditions", "--jobs", "1", "--json"], library: crash)
            #expect(results.count == count)
            var added = 0
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                let summary = try #require(
                    try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
                added += summary["added"] as? Int ?? 0
            }
            // Each file was added by exactly one worker.
            #expect(added == 96)
            let index = try run("index", of: crash)
            #expect(index["finished"] as? Bool == true)
            #expect(index["done"] as? Int == 96)
            // The root, the 12 folders and the two between j and j/k/l.
            #expect((index["items"] as? [String: Any])?["done"] as? Int == 15)
            #expect((index["items"] as? [String: Any])?["failed"] as? Int == 0)
            #expect((index["workers"] as? [[String: Any]])?.count == count)
            try expectEveryPhotoOnce(crash)

            // And the renditions, by two render workers.
            let renders = try workers(2, ["render", "--worker", "--jobs", "1", "--json"], library: crash)
            #expect(renders.allSatisfy { $0.status == 0 }, "\(renders.map(\.stderr))")
            #expect(try run("render", of: crash)["done"] as? Int == 96)
            let verify = try crash.library.run(["verify"])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }

        /// A worker killed at a random moment: the survivor takes its folder over when the
        /// (short) lease runs out, and the run ends with every file once.
        /// (Two workers take about 1.5 s over this library on a 2-core machine: the kills land mid-run.)
        @Test(arguments: [0.2, 0.4, 0.7]) func aKilledWorkerIsTakenOver(killAfter delay: Double) throws {
            let crash = try library()
            let arguments = ["index", "--worker", "--jobs", "1", "--lease", "2", "--library", crash.root.path]
            let survivor = Process()
            survivor.executableURL = try BinaryRunner.binaryURL()
            survivor.arguments = arguments
            survivor.environment = BinaryRunner.childEnvironment(adding: [:])
            survivor.standardOutput = FileHandle.nullDevice
            survivor.standardError = FileHandle.nullDevice
            try survivor.run()
            let killed = try KillableRun.run(arguments, killAfter: delay)
            survivor.waitUntilExit()
            #expect(killed.wasKilled)
            #expect(survivor.terminationStatus == 0)
            let index = try run("index", of: crash)
            #expect(index["finished"] as? Bool == true)
            #expect(index["done"] as? Int == 96, "killed: \(killed)")
            #expect((index["items"] as? [String: Any])?["failed"] as? Int == 0)
            try expectEveryPhotoOnce(crash)
            #expect(try crash.halfWrittenFiles() == [])
        }

        /// A photo moved to two folders at once (the original gone, a copy in each): the two
        /// folders land in one batch of claims, and only one takes the asset over; the other
        /// copy becomes an asset of its own, as with one folder at a time.
        @Test func aMoveIntoTwoFoldersOfOneBatchKeepsBothCopies() throws {
            let crash = try library()
            let first = try workers(1, ["index", "--worker", "--no-renditions", "--jobs", "1"], library: crash)
            #expect(first.map(\.status) == [0])
            let moved = try #require(try crash.photoPaths().first { $0.hasPrefix("a/") && !$0.hasPrefix("a/b/") })
            let source = crash.library.url(moved)
            for folder in ["d", "f"] {
                try FileManager.default.copyItem(
                    at: source, to: crash.library.url("\(folder)/\(source.lastPathComponent)"))
            }
            try FileManager.default.removeItem(at: source)

            let second = try workers(
                1, ["index", "--worker", "--no-renditions", "--jobs", "1", "--json"], library: crash)
            let result = try #require(second.first)
            #expect(result.status == 0, "\(result.stderr)")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
            #expect(summary["moved"] as? Int == 1)
            #expect(summary["added"] as? Int == 1)
            let assets = try crash.library.assets()
            #expect(assets.compactMap { $0["relativePath"] as? String }.sorted() == (try crash.photoPaths()))
            #expect(Set(assets.compactMap { $0["id"] as? String }).count == 97)
            #expect(try crash.integrityProblems() == [])
        }

        @Test func workersNeedAPostgreSQLCatalog() throws {
            let crash = try CrashLibrary(count: 2, withCorpus: false)
            let result = try crash.library.run(["index", "--worker"])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("Error: --worker needs a PostgreSQL catalog"))
            #expect(try crash.library.run(["status"]).stdout.hasPrefix("catalog: SQLite"))
        }
    }
}
