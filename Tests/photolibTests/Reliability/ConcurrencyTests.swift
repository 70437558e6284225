import Foundation
import PhotoTestSupport
import Synchronization
import Testing

extension ReliabilityTests {
    /// Several photolib processes on one library at once: every one succeeds, and no toggle is lost.
    @Suite struct ConcurrencyTests {
        static let togglers = 4
        static let togglesEach = 250

        /// On PostgreSQL the toggles are transactions on several connections that lock the
        /// row first (READ COMMITTED and SELECT … FOR UPDATE).
        @Test(arguments: CatalogBackend.all)
        func indexTogglesAndPeeksAtOnceAllSucceedAndLoseNoToggle(_ backend: CatalogBackend) throws {
            // SampleLibrary's photos only: every index must exit 0, and some corpus files are damaged on purpose.
            let crash = try CrashLibrary(count: 60, withCorpus: false, initArguments: backend.initArguments())
            try #require([0, 2].contains(try crash.library.run(["index"]).status))
            let ids = Array(try crash.assetsByID().keys.sorted().prefix(3))
            let library = crash.root.path
            let photos = try crash.photoPaths().map { crash.library.url($0) }
            let log = RunLog()

            let togglersLeft = Atomic<Int>(Self.togglers)
            var workers: [@Sendable () -> Void] = []
            for _ in 0..<Self.togglers {
                workers.append {
                    for _ in 0..<Self.togglesEach {
                        log.record(
                            "toggle",
                            try? BinaryRunner.run(["action", "toggle-favourite"] + ids + ["--library", library]))
                    }
                    togglersLeft.subtract(1, ordering: .sequentiallyConsistent)
                }
            }
            // Indexes with work to do (touched files are read again) and peeks, for as long as the toggles go on.
            workers.append {
                var round = 0
                while togglersLeft.load(ordering: .sequentiallyConsistent) > 0 {
                    round += 1
                    let stamp = Date(timeIntervalSinceNow: Double(round))
                    for photo in photos {
                        try? FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: photo.path)
                    }
                    log.record("index", try? BinaryRunner.run(["index", "--library", library]))
                }
            }
            workers.append {
                while togglersLeft.load(ordering: .sequentiallyConsistent) > 0 {
                    log.record("peek", try? BinaryRunner.run(["peek", "--json"] + ids + ["--library", library]))
                }
            }
            Self.runOnThreads(workers)

            #expect(log.failures() == [])
            #expect(log.count("toggle") == Self.togglers * Self.togglesEach)
            #expect(log.count("index") >= 1)
            #expect(log.count("peek") >= 1)

            // The log holds every toggle, each starting from the state the previous one left.
            let history = try crash.library.run(["history", "--json"])
            let events = try #require(
                try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
            let assets = try crash.assetsByID()
            for id in ids {
                let toggles = events.filter {
                    $0["id"] as? String == id && $0["action"] as? String == "toggle-favourite"
                }
                #expect(toggles.count == Self.togglers * Self.togglesEach)
                var state = "false"
                var chained = true
                for toggle in toggles {
                    chained = chained && toggle["old"] as? String == state
                    state = toggle["new"] as? String ?? "?"
                }
                #expect(chained, "asset \(id): a toggle started from a state the previous one did not leave")
                let expected = (Self.togglers * Self.togglesEach) % 2 == 1
                #expect(assets[id]?["favourite"] as? Bool == expected)
                #expect(state == (expected ? "true" : "false"))
            }
            #expect(try crash.integrityProblems() == [])
        }

        /// Runs each closure on its own thread (not the cooperative pool, whose few threads
        /// would run the blocking processes one or two at a time) and waits for all.
        static func runOnThreads(_ workers: [@Sendable () -> Void]) {
            let group = DispatchGroup()
            for worker in workers {
                group.enter()
                let thread = Thread {
                    worker()
                    group.leave()
                }
                thread.start()
            }
            group.wait()
        }
    }
}

/// What the concurrent processes did, shared by the threads that ran them.
final class RunLog: Sendable {
    private let entries = Mutex<[(kind: String, failure: String?)]>([])

    /// Notes one finished run; anything but exit status 0 is a failure that reached the user.
    func record(_ kind: String, _ result: (status: Int32, stdout: String, stderr: String)?) {
        let failure: String? =
            switch result {
            case nil: "\(kind): could not start the binary"
            case let result? where result.status != 0: "\(kind): status \(result.status): \(result.stderr)"
            default: nil
            }
        entries.withLock { $0.append((kind, failure)) }
    }

    func count(_ kind: String) -> Int { entries.withLock { $0.filter { $0.kind == kind }.count } }

    /// The distinct failures, at most five (one cause tends to repeat hundreds of times).
    func failures() -> [String] {
        entries.withLock { entries in
            var seen = Set<String>()
            return Array(entries.compactMap(\.failure).filter { seen.insert($0).inserted }.prefix(5))
        }
    }
}
