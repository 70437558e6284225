import Foundation
import PhotoTestSupport
import Testing

extension ReliabilityTests {
    /// `action delete`, `action restore` and `trash empty --yes` killed with SIGKILL at seeded
    /// random moments (issue 11: a kill between the file's move and the catalog's change hid
    /// photos in the trash, or left a restored photo "trashed" for `trash empty` to drop).
    /// After each kill the next command must leave the catalog and the folders agreeing:
    /// every asset's file where the catalog says, no file in the trash no asset claims,
    /// captions kept, and no photo lost.
    @Suite struct TrashCrashTests {
        static let kills = 40
        /// Assets each command moves: enough that a kill often lands among the moves.
        static let chosenCount = 12

        @Test(arguments: CatalogBackend.all)
        func deleteRestoreAndEmptyKilledAtRandomMomentsKeepCatalogAndFoldersTogether(backend: CatalogBackend) throws {
            let crash = try CrashLibrary(
                count: 40, withCorpus: false, initArguments: ["--sidecars", "write"] + backend.initArguments())
            var random = SeededGenerator(seed: 0x7EA5)
            try #require(try crash.library.run(["index", "--no-renditions"]).status == 0)
            let ids = try crash.assetsByID().keys.sorted()
            // A caption on each (and so a sidecar beside each), which must survive every kill.
            for (number, id) in ids.enumerated() {
                try #require(try crash.library.run(["action", "caption", "--value", "Kept \(number)", id]).status == 0)
            }
            let captions = try crash.assetsByID().mapValues { $0["caption"] as? String }
            let (_, typical) = try KillableRun.timed {
                try crash.library.run(["action", "delete", "--yes"] + ids.prefix(Self.chosenCount))
            }
            try #require(try crash.library.run(["action", "restore"] + ids.prefix(Self.chosenCount)).status == 0)

            var interrupted = 0
            var purged = Set<String>()
            for round in 0..<Self.kills {
                let present = ids.filter { !purged.contains($0) }
                let chosen = Array(present.shuffled(using: &random).prefix(Self.chosenCount))
                let arguments: [String] =
                    switch round % 4 {
                    case 0, 2: ["action", "delete", "--yes"] + chosen
                    case 1: ["action", "restore"] + chosen
                    default: ["trash", "empty", "--yes"]
                    }
                let delay = Double.random(in: 0...typical, using: &random)
                if try KillableRun.run(arguments + ["--library", crash.root.path], killAfter: delay).wasKilled {
                    interrupted += 1
                }
                // The next command, whatever it is, finishes or undoes what the kill left.
                let list = try crash.library.run(["list", "--jsonl"])
                #expect(list.status == 0, "round \(round): \(list.stderr)")
                let now = try assetsIncludingTrash(crash)
                purged = Set(ids).subtracting(now.keys)
                try checkAgreement(crash, now, round: round)
                for (id, asset) in now {
                    #expect(asset["caption"] as? String == captions[id] ?? nil, "round \(round): \(id)")
                }
            }
            // Whatever was not purged comes back whole with its sidecar.
            let trashed = try assetsIncludingTrash(crash).filter { $0.value["trashed"] as? Bool == true }.keys
            if !trashed.isEmpty {
                #expect(try crash.library.run(["action", "restore"] + trashed.sorted()).status == 0)
            }
            for asset in try assetsIncludingTrash(crash).values {
                let path = try #require(asset["path"] as? String)
                #expect(FileManager.default.fileExists(atPath: path), "\(path)")
                #expect(FileManager.default.fileExists(atPath: path + ".xmp"), "\(path).xmp")
            }
            // An index finds nothing new: no photo came back as a new asset with a new id.
            let index = try crash.library.run(["index", "--no-renditions", "--json"])
            #expect(index.status == 0, "\(index.stderr)")
            #expect(try assetsIncludingTrash(crash).count == ids.count - purged.count)
            #expect(interrupted >= Self.kills / 4, "only \(interrupted) of \(Self.kills) kills interrupted a command")
        }

        /// `list --jsonl` and `list --trashed --jsonl` by id.
        private func assetsIncludingTrash(_ crash: CrashLibrary) throws -> [String: [String: Any]] {
            var byID: [String: [String: Any]] = [:]
            for asset in try crash.library.assets() + crash.library.assets(["--trashed"]) {
                if let id = asset["id"] as? String { byID[id] = asset }
            }
            return byID
        }

        /// Each asset's file is where the catalog says (at its path, or in the trash when
        /// trashed, not both), every file in the trash is a trashed asset's or its sidecar,
        /// and no photo is anywhere the catalog does not know.
        private func checkAgreement(_ crash: CrashLibrary, _ assets: [String: [String: Any]], round: Int) throws {
            let trash = crash.root.appendingPathComponent(".photolib/trash")
            var claimed = Set<String>()
            for (id, asset) in assets {
                let path = try #require(asset["path"] as? String)
                let atPath = FileManager.default.fileExists(atPath: path)
                if asset["trashed"] as? Bool == true {
                    // `<id>/<name>` (or `<id>-<name>`, as photolib trashed before issue 11).
                    let name = URL(fileURLWithPath: path).lastPathComponent
                    let entries = [String(id.prefix(16)), "\(id.prefix(16))-\(name)"]
                    let inTrash = entries.contains { entry in
                        let url = trash.appendingPathComponent(entry)
                        return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path)
                            || (entry.hasSuffix(name) && FileManager.default.fileExists(atPath: url.path))
                    }
                    #expect(!atPath, "round \(round): \(id) is trashed, yet at \(path)")
                    #expect(inTrash, "round \(round): \(id) is trashed, yet not in the trash")
                    claimed.formUnion(entries)
                } else {
                    #expect(atPath, "round \(round): \(id) is not trashed, yet not at \(path)")
                }
            }
            let inTrash = try FileManager.default.contentsOfDirectory(atPath: trash.path)
            for entry in inTrash where !claimed.contains(entry) {
                let inside = try? FileManager.default.contentsOfDirectory(
                    atPath: trash.appendingPathComponent(entry).path)
                Issue.record(
                    "round \(round): \(entry) is in the trash and no asset claims it (holding \(inside ?? []))")
            }
            // Every photo in the folders is a known asset's: none hidden, none turned loose.
            let known = Set(assets.values.compactMap { $0["path"] as? String })
            for relative in try crash.photoPaths() {
                #expect(known.contains(crash.root.appendingPathComponent(relative).path), "round \(round): \(relative)")
            }
        }
    }
}
