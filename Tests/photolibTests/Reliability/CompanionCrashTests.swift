import Foundation
import PhotoTestSupport
import Testing

extension ReliabilityTests {
    /// A photo's companions (RAW twin, `.THM`, Live Photo movie) and their sidecars go into
    /// the trash, out of it and out of existence with the photo, even when `action delete`,
    /// `action restore` or `trash empty` is killed halfway: after the next command every
    /// group is whole, either beside its photo's path or in its asset's trash folder.
    @Suite struct CompanionCrashTests {
        static let kills = 24
        static let chosenCount = 8
        static let companionSuffixes = ["CR2", "THM", "MOV", "CR2.xmp"]

        @Test func companionsStayWithTheirPhotoThroughKilledDeletesRestoresAndEmpties() throws {
            let crash = try CrashLibrary(count: 24, withCorpus: false)
            for relative in try crash.photoPaths() {
                // The bytes do not matter: companions are grouped by name and never read.
                for suffix in Self.companionSuffixes {
                    try Data("companion \(suffix) of \(relative)".utf8).write(to: companionURL(crash, relative, suffix))
                }
            }
            var random = SeededGenerator(seed: 0xC0_4A)
            let index = try crash.library.run(["index", "--no-renditions", "--json"])
            try #require(index.status == 0, "\(index.stderr)")
            let ids = try crash.assetsByID().keys.sorted()
            try #require(ids.count == 24, "the companions must not become assets")
            let (_, deleting) = try KillableRun.timed {
                try crash.library.run(["action", "delete", "--yes"] + ids.prefix(Self.chosenCount))
            }
            try checkGroups(crash, round: -1)
            let (restore, restoring) = try KillableRun.timed {
                try crash.library.run(["action", "restore"] + ids.prefix(Self.chosenCount))
            }
            try #require(restore.status == 0)
            try checkGroups(crash, round: -2)
            // The first command after the index may run cold and slow: kill delays drawn from
            // it alone would mostly land after the commands ended.
            let typical = min(deleting, restoring)

            var interrupted = 0
            for round in 0..<Self.kills {
                let present = try assetsIncludingTrash(crash).keys.sorted()
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
                let list = try crash.library.run(["list", "--jsonl"])
                #expect(list.status == 0, "round \(round): \(list.stderr)")
                try checkGroups(crash, round: round)
            }
            #expect(interrupted >= Self.kills / 4, "only \(interrupted) of \(Self.kills) kills interrupted a command")
        }

        private func companionURL(_ crash: CrashLibrary, _ relative: String, _ suffix: String) -> URL {
            crash.library.url(String(relative.dropLast(4)) + "." + suffix)
        }

        private func assetsIncludingTrash(_ crash: CrashLibrary) throws -> [String: [String: Any]] {
            var byID: [String: [String: Any]] = [:]
            for asset in try crash.library.assets() + crash.library.assets(["--trashed"]) {
                if let id = asset["id"] as? String { byID[id] = asset }
            }
            return byID
        }

        /// Every asset's companions lie where its photo lies (beside its path, or in its trash
        /// folder `<id>/`), none is left behind in the other place, and no companion is
        /// anywhere in the library without its asset (a purged photo's went with it).
        private func checkGroups(_ crash: CrashLibrary, round: Int) throws {
            let trash = crash.root.appendingPathComponent(".photolib/trash")
            var expected = Set<String>()
            for (id, asset) in try assetsIncludingTrash(crash) {
                let path = try #require(asset["path"] as? String)
                let relative = String(path.dropFirst(crash.root.path.count + 1))
                let name = URL(fileURLWithPath: relative).deletingPathExtension().lastPathComponent
                let trashFolder = trash.appendingPathComponent(String(id.prefix(16)))
                let trashed = asset["trashed"] as? Bool == true
                for suffix in Self.companionSuffixes {
                    let beside = companionURL(crash, relative, suffix)
                    let inTrash = trashFolder.appendingPathComponent(name + "." + suffix)
                    let (here, there) = trashed ? (inTrash, beside) : (beside, inTrash)
                    #expect(FileManager.default.fileExists(atPath: here.path), "round \(round): \(here.path) missing")
                    #expect(!FileManager.default.fileExists(atPath: there.path), "round \(round): \(there.path) left")
                    expected.insert(here.path)
                }
            }
            let walker = FileManager.default.enumerator(at: crash.root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                let name = url.lastPathComponent
                guard Self.companionSuffixes.contains(where: { name.hasSuffix("." + $0) }) else { continue }
                if !expected.contains(url.path) { Issue.record("round \(round): \(url.path) belongs to no asset") }
            }
        }
    }
}
