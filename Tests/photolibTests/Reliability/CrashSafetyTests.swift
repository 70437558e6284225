import Foundation
import PhotoTestSupport
import Testing

extension ReliabilityTests {
    /// `index`, `action` and `render` killed with SIGKILL at seeded random moments: the catalog
    /// stays sound, nothing a person set is lost, and no half-written file sits where a reader looks.
    @Suite struct CrashSafetyTests {
        static let kills = 20

        @Test func indexKilledAtRandomMomentsLosesNoEdit() throws {
            let crash = try CrashLibrary(count: 270)
            var random = SeededGenerator(seed: 0x1DE7)
            // Renditions of the 270 are not what this test is about; those of each round's changes are.
            try #require([0, 2].contains(try crash.library.run(["index", "--no-renditions"]).status))

            // Edits a person made before the kills: favourites, captions and cities.
            let ids = try crash.assetsByID().keys.sorted()
            try #require(ids.count == 270)
            let edited = Array(ids.shuffled(using: &random).prefix(30))
            try #require(try crash.library.run(["action", "favourite"] + edited[0..<10]).status == 0)
            for (number, id) in edited[10..<20].enumerated() {
                try #require(
                    try crash.library.run(["action", "caption", "--value", "Kept caption \(number)", id]).status == 0)
            }
            try #require(
                try crash.library.run(["action", "city", "--value", "Trondheim"] + edited[20..<30]).status == 0)
            let expected = try crash.assetsByID().filter { edited.contains($0.key) }.mapValues(EditableState.init)

            // One whole round, unkilled, gives the typical run time the kill delays are drawn from.
            try makeFreshChanges(in: crash, round: -1, random: &random)
            let (_, typical) = try KillableRun.timed { try crash.library.run(["index"]) }

            var interrupted = 0
            for round in 0..<Self.kills {
                try makeFreshChanges(in: crash, round: round, random: &random)
                let delay = Double.random(in: 0...typical, using: &random)
                if try KillableRun.run(["index", "--library", crash.root.path], killAfter: delay).wasKilled {
                    interrupted += 1
                }
                #expect(try crash.integrityProblems() == [], "round \(round), killed after \(delay) s")
                let reindex = try crash.library.run(["index"])
                #expect([0, 2].contains(reindex.status), "round \(round): \(reindex.stderr)")
                let now = try crash.assetsByID()
                for (id, state) in expected {
                    #expect(now[id].map(EditableState.init) == state, "round \(round): asset \(id)")
                }
                #expect(try crash.halfWrittenFiles() == [])
            }
            #expect(try crash.assetsByID().count == crash.copies)
            // Kills must land mid-run, or the test proves little (a kill after the run ends is
            // allowed: delays go up to a whole run's time, and a busy machine shifts them).
            #expect(interrupted >= Self.kills / 4, "only \(interrupted) of \(Self.kills) kills interrupted an index")
        }

        @Test func actionKilledAtRandomMomentsMatchesItsLog() throws {
            let crash = try CrashLibrary(count: 20, initArguments: ["--sidecars", "write"])
            var random = SeededGenerator(seed: 0xAC71)
            try #require([0, 2].contains(try crash.library.run(["index", "--no-renditions"]).status))
            let ids = Array(try crash.assetsByID().keys.sorted().prefix(6))
            let (_, typical) = try KillableRun.timed {
                try crash.library.run(["action", "caption", "--value", "First"] + ids)
            }

            var interrupted = 0
            for round in 0..<Self.kills {
                let chosen = Array(ids.shuffled(using: &random).prefix(3))
                let arguments: [String] =
                    switch round % 3 {
                    case 0: ["action", "toggle-favourite"] + chosen
                    case 1: ["action", "caption", "--value", "Caption \(round)"] + chosen
                    default: ["action", "city", "--value", "City \(round)"] + chosen
                    }
                let delay = Double.random(in: 0...typical, using: &random)
                let outcome = try KillableRun.run(arguments + ["--library", crash.root.path], killAfter: delay)
                if outcome.wasKilled { interrupted += 1 }
                #expect(try crash.integrityProblems() == [], "round \(round)")
                let logged = try lastLoggedValues(crash)
                let now = try crash.assetsByID()
                for id in ids {
                    let state = try #require(now[id].map(EditableState.init))
                    #expect(
                        logged[id]?["favourite"] ?? "false" == (state.favourite ? "true" : "false"),
                        "round \(round): \(id)")
                    #expect(logged[id]?["caption"] == state.caption, "round \(round): \(id)")
                    if let city = logged[id]?["city"] { #expect(city == state.city, "round \(round): \(id)") }
                }
                #expect(try crash.halfWrittenFiles() == [], "round \(round)")
            }
            // Sidecars were written (so the kills could hit them) and read back cleanly by an index.
            #expect(
                !(try FileManager.default.subpathsOfDirectory(atPath: crash.root.path).filter { $0.hasSuffix(".xmp") }
                    .isEmpty))
            #expect(try crash.library.run(["index"]).status == 0)
            #expect(interrupted >= 1, "no kill interrupted an action")
        }

        @Test func renderForceKilledAtRandomMomentsLeavesOnlyWholeRenditions() throws {
            let crash = try CrashLibrary(count: 30)
            var random = SeededGenerator(seed: 0x4E4D)
            try #require([0, 2].contains(try crash.library.run(["index"]).status))
            let (_, typical) = try KillableRun.timed { try crash.library.run(["render", "--force"]) }

            var interrupted = 0
            for round in 0..<Self.kills {
                let delay = Double.random(in: 0...typical, using: &random)
                if try KillableRun.run(["render", "--force", "--library", crash.root.path], killAfter: delay).wasKilled
                {
                    interrupted += 1
                }
                #expect(try crash.halfWrittenFiles() == [], "round \(round), killed after \(delay) s")
                #expect(try crash.integrityProblems() == [])
            }
            #expect(interrupted >= Self.kills / 4, "only \(interrupted) of \(Self.kills) kills interrupted a render")
            // The next render finds every rendition in place and clears what the kills left behind.
            let after = try crash.library.run(["render"])
            #expect(after.stdout == "made 0, existing 30, failed 0\n")
            #expect(crash.temporaryFiles() == [])
        }

        // MARK: - Helpers

        /// The fields a person sets and an index must never take back.
        struct EditableState: Equatable, CustomStringConvertible {
            var favourite: Bool
            var caption: String?
            var city: String?

            init(_ asset: [String: Any]) {
                favourite = asset["favourite"] as? Bool ?? false
                caption = asset["caption"] as? String
                city = asset["city"] as? String
            }

            var description: String { "favourite \(favourite), caption \(caption ?? "-"), city \(city ?? "-")" }
        }

        /// Changes for the next index to find: touched, moved, added and rewritten files.
        private func makeFreshChanges(in crash: CrashLibrary, round: Int, random: inout SeededGenerator) throws {
            let paths = try crash.photoPaths().shuffled(using: &random)
            let stamp = Date(timeIntervalSinceNow: Double(round + 100))
            for path in paths[0..<10] {
                try FileManager.default.setAttributes(
                    [.modificationDate: stamp], ofItemAtPath: crash.library.url(path).path)
            }
            for path in paths[10..<13] {
                let target = crash.library.url("moved/round\(round)/\(URL(fileURLWithPath: path).lastPathComponent)")
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: crash.library.url(path), to: target)
            }
            for path in paths[13..<16] {
                let handle = try FileHandle(forWritingTo: crash.library.url(path))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("rewritten in round \(round)".utf8))
                try handle.close()
            }
            let sources = try CrashLibrary.sources()
            for _ in 0..<4 {
                try crash.addCopy(
                    of: sources[Int.random(in: 0..<sources.count, using: &random)], folder: "added/round\(round)")
            }
        }

        /// The newest logged value of each field of each asset (`history --json`).
        private func lastLoggedValues(_ crash: CrashLibrary) throws -> [String: [String: String]] {
            let history = try crash.library.run(["history", "--json"])
            try #require(history.status == 0, "history: \(history.stderr)")
            let events = try #require(
                try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
            var values: [String: [String: String]] = [:]
            for event in events {
                guard let id = event["id"] as? String, let field = event["field"] as? String else { continue }
                values[id, default: [:]][field] = event["new"] as? String
            }
            return values
        }
    }
}
