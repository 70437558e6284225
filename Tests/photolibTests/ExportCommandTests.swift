import Foundation
import PhotoFormats
import PhotoSupport
import PhotoTestSupport
import Testing

/// `photolib export` end to end, over a copy of SampleLibrary/: the built binary, real files.
@Suite struct ExportCommandTests {
    let library: TestLibrary
    let output: TemporaryDirectory

    init() throws {
        library = try ListCommandTests.sampleLibrary(renditions: false)
        output = try TemporaryDirectory()
    }

    /// A folder under the test's own output folder (not made).
    private func destination(_ name: String = "export") -> URL { output.url.appendingPathComponent(name) }

    /// Every regular file under `folder`, relative, sorted.
    private func files(in folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
                    && !isFolder.boolValue
            }.sorted()
    }

    private func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    private func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @discardableResult
    private func favourite(_ paths: [String]) throws -> Int32 {
        try library.run(["action", "favourite"] + paths).status
    }

    @Test func favouritesIntoYearMonthFoldersByteForByteNeverOverwriting() throws {
        let favourites = ["2015/bordeaux-art.jpg", "2015/lake-beach.jpg", "2016/mountain-chamonix.jpg"]
        #expect(try favourite(favourites) == 0)
        let dest = destination()
        let folder = "{takenAt:%Y}/{takenAt:%m}"
        let run = try library.run(["export", dest.path, "--favourite", "--directory", folder])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout.hasPrefix("copied 3, already there 0, failed 0 ("))
        // The expected paths, from list --jsonl as a script would work them out.
        var expected: [String: String] = [:]
        for asset in try library.assets(["--favourite"]) {
            let taken = try #require(asset["takenAt"] as? String)
            let name = try #require(asset["fileName"] as? String)
            expected["\(taken.prefix(4))/\(taken.dropFirst(5).prefix(2))/\(name)"] = asset["path"] as? String
        }
        #expect(files(in: dest) == expected.keys.sorted())
        #expect(
            files(in: dest) == ["2015/06/bordeaux-art.jpg", "2015/07/lake-beach.jpg", "2016/09/mountain-chamonix.jpg"])
        for (copy, original) in expected {
            #expect(try bytes(dest.appendingPathComponent(copy)) == bytes(URL(fileURLWithPath: original)), "\(copy)")
        }
        // Export is no pop.
        #expect(try library.assets(["--favourite"]).allSatisfy { $0["poppedAt"] is NSNull })

        // Again: the same bytes are there, so nothing is copied and nothing gets a -1.
        let again = try library.run(["export", dest.path, "--favourite", "--directory", folder])
        #expect(again.status == 0)
        #expect(again.stdout == "copied 0, already there 3, failed 0 (0 B)\n")
        #expect(files(in: dest).count == 3)
    }

    @Test func updateCopiesOnlyWhatIsNewOrChanged() throws {
        #expect(try favourite(["2015/bordeaux-art.jpg", "2015/lake-beach.jpg"]) == 0)
        let dest = destination()
        let first = try library.run(["export", dest.path, "--favourite", "--update", "--jsonl"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(jsonLines(first.stdout).map { $0["action"] as? String } == ["copy", "copy"])

        // A new favourite, and one original changed (a few bytes after its end, as an editor
        // appending metadata would): re-indexed, the second --update copies exactly those two.
        #expect(try favourite(["2016/progressive-tokyo.jpg"]) == 0)
        let changed = library.url("2015/lake-beach.jpg")
        var changedBytes = try bytes(changed)
        changedBytes.append(contentsOf: Array("photolib test".utf8))
        try changedBytes.write(to: changed)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)

        let second = try library.run(["export", dest.path, "--favourite", "--update", "--jsonl"])
        #expect(second.status == 0, "\(second.stderr)")
        let actions = Dictionary(
            uniqueKeysWithValues: jsonLines(second.stdout).map {
                ($0["relativePath"] as! String, $0["action"] as! String)
            })
        #expect(
            actions == [
                "2015/bordeaux-art.jpg": "unchanged", "2015/lake-beach.jpg": "replace",
                "2016/progressive-tokyo.jpg": "copy",
            ])
        #expect(try bytes(dest.appendingPathComponent("lake-beach.jpg")) == changedBytes)
        #expect(files(in: dest) == ["bordeaux-art.jpg", "lake-beach.jpg", "progressive-tokyo.jpg"])

        // A third time nothing at all is copied; a copy deleted by hand comes back.
        try FileManager.default.removeItem(at: dest.appendingPathComponent("bordeaux-art.jpg"))
        let third = try library.run(["export", dest.path, "--favourite", "--update"])
        #expect(third.stdout.hasPrefix("copied 1, already there 2, failed 0"))
    }

    @Test func collisionsFollowThePolicyAndNeverOverwriteByDefault() throws {
        let art = "2015/bordeaux-art.jpg"
        let original = try bytes(library.url(art))
        let stranger = Data("not the photo".utf8)
        func prepared(_ name: String) throws -> URL {
            let dest = destination(name)
            try FileManager.default.createDirectory(at: dest, withIntermediateDirectories: true)
            try stranger.write(to: dest.appendingPathComponent("bordeaux-art.jpg"))
            return dest
        }

        let suffix = try prepared("suffix")
        let suffixed = try library.run(["export", suffix.path, art, "-v"])
        #expect(suffixed.status == 0)
        #expect(suffixed.stdout.hasPrefix("copy      2015/bordeaux-art.jpg -> bordeaux-art-1.jpg\ncopied 1,"))
        #expect(try bytes(suffix.appendingPathComponent("bordeaux-art.jpg")) == stranger)
        #expect(try bytes(suffix.appendingPathComponent("bordeaux-art-1.jpg")) == original)
        // Run again: bordeaux-art-1.jpg holds these bytes, so it counts as exported.
        let rerun = try library.run(["export", suffix.path, art])
        #expect(rerun.stdout.hasPrefix("copied 0, already there 1,"))
        #expect(files(in: suffix) == ["bordeaux-art-1.jpg", "bordeaux-art.jpg"])

        let skip = try prepared("skip")
        let skipped = try library.run(["export", skip.path, art, "--on-collision", "skip"])
        #expect(skipped.status == 0)
        #expect(skipped.stdout.hasPrefix("copied 0, already there 0, skipped 1, failed 0"))
        #expect(files(in: skip) == ["bordeaux-art.jpg"])
        #expect(try bytes(skip.appendingPathComponent("bordeaux-art.jpg")) == stranger)

        let error = try prepared("error")
        let failed = try library.run(["export", error.path, art, "--on-collision", "error"])
        #expect(failed.status == 2)
        #expect(
            failed.stderr
                == "photolib: 2015/bordeaux-art.jpg: cannot export: \(error.path)/bordeaux-art.jpg exists and holds another file (see --on-collision)\n"
        )
        #expect(try bytes(error.appendingPathComponent("bordeaux-art.jpg")) == stranger)

        let overwrite = try prepared("overwrite")
        let replaced = try library.run(["export", overwrite.path, art, "--on-collision", "overwrite", "--jsonl"])
        #expect(replaced.status == 0)
        #expect(jsonLines(replaced.stdout).first?["action"] as? String == "replace")
        #expect(try bytes(overwrite.appendingPathComponent("bordeaux-art.jpg")) == original)
        #expect(files(in: overwrite) == ["bordeaux-art.jpg"])

        let unknown = try library.run(["export", skip.path, art, "--on-collision", "rename"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("expected one of suffix, skip, error, overwrite"))
    }

    @Test func sidecarsAreReadableByPhotolibsOwnReader() throws {
        #expect(try favourite(["2015/bordeaux-art.jpg"]) == 0)
        #expect(try library.run(["action", "caption", "2015/lake-beach.jpg", "--value", "Lake & <beach>"]).status == 0)
        let dest = destination()
        let run = try library.run(["export", dest.path, "2015/bordeaux-art.jpg", "2015/lake-beach.jpg", "--sidecars"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            files(in: dest) == ["bordeaux-art.jpg", "bordeaux-art.jpg.xmp", "lake-beach.jpg", "lake-beach.jpg.xmp"])
        let art = try Sidecar.read(RawPath(dest.appendingPathComponent("bordeaux-art.jpg.xmp").path))
        #expect(art.caption == "Lovely piece of art in Bordeaux")
        #expect(art.city == "Bordeaux")
        #expect(art.rating == 5)
        let lake = try Sidecar.read(RawPath(dest.appendingPathComponent("lake-beach.jpg.xmp").path))
        #expect(lake.caption == "Lake & <beach>")
        #expect(lake.rating == nil)
        // The copies themselves are untouched originals.
        #expect(try bytes(dest.appendingPathComponent("lake-beach.jpg")) == bytes(library.url("2015/lake-beach.jpg")))

        // A changed caption reaches the sidecar on the next export, the copy staying as it is.
        #expect(try library.run(["action", "caption", "2015/lake-beach.jpg", "--value", "Lac"]).status == 0)
        let again = try library.run(["export", dest.path, "2015/lake-beach.jpg", "--sidecars", "--update"])
        #expect(again.stdout.hasPrefix("copied 0, already there 1,"))
        #expect(try Sidecar.read(RawPath(dest.appendingPathComponent("lake-beach.jpg.xmp").path)).caption == "Lac")
    }

    @Test func dryRunWritesNothing() throws {
        #expect(try favourite(["2015/bordeaux-art.jpg", "no-exif.jpg"]) == 0)
        let dest = destination()
        let arguments = [
            "export", dest.path, "--favourite", "--directory", "{takenAt:%Y:-undated}", "--filename",
            "{takenAt:%Y%m%d-%H%M%S:-}{shortId}", "--sidecars", "--dry-run",
        ]
        let text = try library.run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        let ids = try library.assets(["--favourite"]).map { $0["shortId"] as! String }
        #expect(
            text.stdout == """
                copy      2015/bordeaux-art.jpg -> 2015/20150613-164207\(ids[0]).jpg
                copy      no-exif.jpg -> undated/\(ids[1]).jpg
                would copy 2, already there 0, failed 0

                """)
        let lines = try library.run(arguments + ["--jsonl"])
        #expect(
            jsonLines(lines.stdout).map { $0["targetRelativePath"] as? String } == [
                "2015/20150613-164207\(ids[0]).jpg", "undated/\(ids[1]).jpg",
            ])
        let json = try library.run(arguments + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["dryRun"] as? Bool == true && object["copied"] as? Int == 2)
        #expect(!FileManager.default.fileExists(atPath: dest.path))
        // Nothing was remembered either: a real --update copies both.
        let real = try library.run(["export", dest.path, "--favourite", "--update"])
        #expect(real.stdout.hasPrefix("copied 2,"))
    }

    @Test func hostileTemplatesAndValuesStayInsideDest() throws {
        let art = "2015/bordeaux-art.jpg"
        #expect(try library.run(["action", "caption", art, "--value", "../../../escaped"]).status == 0)
        #expect(try library.run(["action", "city", art, "--value", ".."]).status == 0)
        let parent = output.url.appendingPathComponent("inside")
        let dest = parent.appendingPathComponent("dest")
        let run = try library.run([
            "export", dest.path, art, "--directory", "../../{city}/../{caption}//", "--filename",
            "/etc/{caption}\u{1}:x",
            "--jsonl",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let target = try #require(jsonLines(run.stdout).first?["targetRelativePath"] as? String)
        // Each `..` lost its leading dot, each `/` of a value and of --filename became `_`, empty
        // folders went, and the control character and ':' became `_`.
        #expect(target == "_./_./_./_./_._.._.._escaped/_etc_.._.._.._escaped__x.jpg")
        #expect(files(in: parent) == ["dest/" + target])

        // A folder inside DEST that is a symlink to elsewhere is not followed.
        let elsewhere = output.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let linked = destination("linked")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: linked.appendingPathComponent("2015"), withDestinationURL: elsewhere)
        let refused = try library.run(["export", linked.path, art, "--directory", "{takenAt:%Y}"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("photolib: 2015/bordeaux-art.jpg: cannot export: "))
        #expect(refused.stderr.contains("symlink"))
        #expect(files(in: elsewhere) == [])

        // And DEST itself may not be inside the library.
        let inside = try library.run(["export", library.url("exports").path, art])
        #expect(inside.status == 64)
        #expect(inside.stderr.contains("is inside the library"))
        #expect(!FileManager.default.fileExists(atPath: library.url("exports").path))
    }

    @Test func takesListsFiltersAndAssetsFromStandardInput() throws {
        let dest = destination()
        let filtered = try library.run(["export", dest.path, "--city", "bordeaux", "--jsonl", "--dry-run"])
        let listed = try library.assets(["--city", "bordeaux"]).map { $0["relativePath"] as! String }
        #expect(jsonLines(filtered.stdout).map { $0["relativePath"] as! String } == listed)
        #expect(listed.count == 2)

        let ids = try library.run(["list", "--caption", "beach", "--ids"]).stdout
        let piped = try library.run(["export", dest.path, "-", "--jsonl"], stdin: Data(ids.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(jsonLines(piped.stdout).count == ids.split(separator: "\n").count)
        // Named assets with a filter: only those that match.
        let both = try library.run(
            ["export", dest.path, "-", "--city", "Kortrijk", "--jsonl", "-n"], stdin: Data(ids.utf8))
        #expect(jsonLines(both.stdout).map { $0["relativePath"] as! String } == ["2016/buda-beach-kortrijk.jpg"])

        let bad = try library.run(["export", dest.path, "--directory", "{takenAt:%Y}/{cty}"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Unknown field '{cty}' in --directory. Did you mean '{city}'?"))
        let notDate = try library.run(["export", dest.path, "--filename", "{city:%Y}"])
        #expect(notDate.status == 64)
        #expect(notDate.stderr.contains("'{city}' takes no format in --filename"))
    }

    @Test func uprightAndPreviewCopies() throws {
        let sunset = "2015/sunset-orientation-6.jpg"
        let dest = destination()
        let upright = try library.run(["export", dest.path, sunset, "--upright", "--filename", "{baseName}-upright"])
        #expect(upright.status == 0, "\(upright.stderr)")
        let turned = try bytes(dest.appendingPathComponent("sunset-orientation-6-upright.jpg"))
        let popped = try library.runRaw(["pop", sunset, "--upright", "--output", "-"])
        #expect(turned == Data(popped.stdout))

        let preview = try library.run(["export", dest.path, "2015/bordeaux-art.jpg", "--preview", "--jsonl"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(jsonLines(preview.stdout).first?["targetRelativePath"] as? String == "bordeaux-art.jpg")
        let peek = try library.run(["peek", "2015/bordeaux-art.jpg", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(peek.stdout.utf8)) as? [String: Any])
        let previewPath = try #require((object["preview"] as? [String: Any])?["path"] as? String)
        #expect(try bytes(dest.appendingPathComponent("bordeaux-art.jpg")) == bytes(URL(fileURLWithPath: previewPath)))
    }
}

extension ExportCommandTests {
    /// Two assets of one export on one name: the second never replaces the first, whatever the policy.
    @Test func twoAssetsOnOneNameKeepTheFirst() throws {
        let dest = destination()
        let beaches = ["2015/lake-beach.jpg", "2016/buda-beach-kortrijk.jpg"]
        for policy in ["overwrite", "suffix"] {
            let run = try library.run(
                ["export", dest.path, "--filename", "beach", "--on-collision", policy, "--jsonl"] + beaches)
            #expect(run.status == 0, "\(run.stderr)")
            let actions = jsonLines(run.stdout).map { "\($0["action"]!) \($0["targetRelativePath"]!)" }
            #expect(
                actions
                    == (policy == "overwrite"
                        ? ["copy beach.jpg", "skip beach.jpg"] : ["same beach.jpg", "copy beach-1.jpg"]),
                "\(policy)")
        }
        #expect(try bytes(dest.appendingPathComponent("beach.jpg")) == bytes(library.url(beaches[0])))
        #expect(try bytes(dest.appendingPathComponent("beach-1.jpg")) == bytes(library.url(beaches[1])))
    }
}

extension ExportCommandTests {
    /// Issue 26.1: `--folder` filters on export as on list (it exported the whole library into
    /// `iPhone/…`); the templates are `--directory` and `--filename`; an old-style call fails.
    @Test func folderFiltersAsOnListAndTheTemplatesHaveTheirOwnNames() throws {
        let dest = destination()
        let listed = try library.assets(["--folder", "2016"]).map { $0["relativePath"] as! String }
        #expect(listed.count == 4)
        let filtered = try library.run(["export", dest.path, "--folder", "2016", "--jsonl", "--dry-run"])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        #expect(jsonLines(filtered.stdout).map { $0["relativePath"] as! String } == listed)
        #expect(
            jsonLines(filtered.stdout).map { $0["targetRelativePath"] as! String }
                == listed.map { String($0.dropFirst(5)) })

        let templated = try library.run([
            "export", dest.path, "--folder", "2016", "--directory", "{takenAt:%Y}/x", "--filename", "{baseName}-c",
            "--jsonl",
        ])
        #expect(templated.status == 0, "\(templated.stderr)")
        #expect(
            files(in: dest) == [
                "2016/x/buda-beach-kortrijk-c.jpg", "2016/x/lighthouse-portrait-c.jpg",
                "2016/x/mountain-chamonix-c.jpg",
                "2016/x/progressive-tokyo-c.jpg",
            ])

        // The old spelling: a template given to --folder is a usage error saying what to use.
        let old = try library.run(["export", dest.path, "--folder", "{takenAt:%Y}", "--dry-run"])
        #expect(old.status == 64)
        #expect(old.stderr.contains("--folder '{takenAt:%Y}' is a filter"), "\(old.stderr)")
        #expect(old.stderr.contains("--directory '{takenAt:%Y}'"), "\(old.stderr)")
        let oldName = try library.run(["export", dest.path, "--name", "{baseName}", "--dry-run"])
        #expect(oldName.status == 64)
        #expect(oldName.stderr.contains("Unknown option '--name'"), "\(oldName.stderr)")
        // A folder that is not in the library is list's error too.
        let outside = try library.run(["export", dest.path, "--folder", "/", "--dry-run"])
        #expect(outside.status == 64)
        #expect(outside.stderr.contains("not inside the library"), "\(outside.stderr)")
    }
}

extension ExportCommandTests {
    /// Issue 26.13: a copy keeps its original's modification time, as `cp -p` does.
    @Test func copiesKeepTheOriginalsModificationTime() throws {
        let dest = destination()
        let old = Date(timeIntervalSince1970: 1_434_200_000.25)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: library.url("no-exif.jpg").path)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        for variant in [[], ["--preview"]] {
            let run = try library.run(["export", dest.path, "no-exif.jpg", "--on-collision", "overwrite"] + variant)
            #expect(run.status == 0, "\(run.stderr)")
            let copied =
                try FileManager.default.attributesOfItem(
                    atPath: dest.appendingPathComponent("no-exif.jpg").path)[.modificationDate] as? Date
            #expect(abs((copied ?? Date()).timeIntervalSince(old)) < 0.001, "\(variant): \(String(describing: copied))")
        }
        // --update still knows its copy as written.
        let again = try library.run(["export", dest.path, "no-exif.jpg", "--preview", "--update"])
        #expect(again.stdout.hasPrefix("copied 0, already there 1,"), "\(again.stdout)")
    }

    /// Issue 26.13: after the city changed, `--update` moves the copy to the name its
    /// template gives now (and its sidecar), removing the folder it leaves empty.
    @Test func updateMovesACopyWhoseTemplateNameChanged() throws {
        let dest = destination()
        let arguments = [
            "export", dest.path, "no-exif.jpg", "--update", "--sidecars", "--directory", "{city:-Unknown}",
        ]
        #expect(try library.run(["action", "caption", "no-exif.jpg", "--value", "Snow"]).status == 0)
        #expect(try library.run(arguments).status == 0)
        #expect(files(in: dest) == ["Unknown/no-exif.jpg", "Unknown/no-exif.jpg.xmp"])
        #expect(try library.run(["action", "city", "no-exif.jpg", "--value", "Oslo"]).status == 0)

        let dry = try library.run(arguments + ["--dry-run"])
        #expect(
            dry.stdout.contains("copy      no-exif.jpg -> Oslo/no-exif.jpg (moved from Unknown/no-exif.jpg)"),
            "\(dry.stdout)")
        #expect(dry.stdout.contains("would move 1"), "\(dry.stdout)")
        #expect(files(in: dest) == ["Unknown/no-exif.jpg", "Unknown/no-exif.jpg.xmp"])

        let moved = try library.run(arguments + ["--jsonl"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let line = try #require(jsonLines(moved.stdout).first)
        #expect(line["movedFrom"] as? String == "Unknown/no-exif.jpg")
        #expect(line["targetRelativePath"] as? String == "Oslo/no-exif.jpg")
        #expect(files(in: dest) == ["Oslo/no-exif.jpg", "Oslo/no-exif.jpg.xmp"])
        #expect(!FileManager.default.fileExists(atPath: dest.appendingPathComponent("Unknown").path))
        #expect(try bytes(dest.appendingPathComponent("Oslo/no-exif.jpg")) == bytes(library.url("no-exif.jpg")))
        #expect(try Sidecar.read(RawPath(dest.appendingPathComponent("Oslo/no-exif.jpg.xmp").path)).city == "Oslo")

        let third = try library.run(arguments)
        #expect(third.stdout.hasPrefix("copied 0, already there 1, failed 0"), "\(third.stdout)")
        // A copy the user changed by hand is not the one remembered: it stays.
        #expect(try library.run(["action", "city", "no-exif.jpg", "--value", "Bergen"]).status == 0)
        try Data("edited by hand".utf8).write(to: dest.appendingPathComponent("Oslo/no-exif.jpg"))
        #expect(try library.run(arguments).stdout.hasPrefix("copied 1, already there 0, failed 0"))
        #expect(try bytes(dest.appendingPathComponent("Oslo/no-exif.jpg")) == Data("edited by hand".utf8))
    }
}

extension ExportCommandTests {
    /// Issue 26.13: `--with-companions` copies a RAW twin and a Live Photo movie beside the
    /// copy, under its name; a companion's name holding another file is never replaced.
    @Test func withCompanionsCopiesTheRawAndTheMovieBesideTheCopy() throws {
        for (name, text) in [("2015/lake-beach.DNG", "raw"), ("2015/lake-beach.MOV", "movie")] {
            try Data(text.utf8).write(to: library.url(name))
        }
        let dest = destination()
        let arguments = [
            "export", dest.path, "2015/lake-beach.jpg", "--filename", "beach", "--directory", "{takenAt:%Y}",
            "--with-companions",
        ]
        let dry = try library.run(arguments + ["--dry-run"])
        #expect(dry.stdout.hasSuffix("would copy 1, already there 0, failed 0, companions 2\n"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dest.path))

        let run = try library.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files(in: dest) == ["2015/beach.DNG", "2015/beach.MOV", "2015/beach.jpg"])
        #expect(try bytes(dest.appendingPathComponent("2015/beach.DNG")) == Data("raw".utf8))
        #expect(try bytes(dest.appendingPathComponent("2015/beach.MOV")) == Data("movie".utf8))
        #expect(try bytes(dest.appendingPathComponent("2015/beach.jpg")) == bytes(library.url("2015/lake-beach.jpg")))
        // Again: all there. Without the flag, no companion.
        #expect(try library.run(arguments).stdout.hasPrefix("copied 0, already there 1, failed 0, companions 2"))
        let plain = try library.run(["export", destination("plain").path, "2015/lake-beach.jpg"])
        #expect(plain.status == 0)
        #expect(files(in: destination("plain")) == ["lake-beach.jpg"])

        // Another file at a companion's name stays, and the export says so.
        try Data("someone else's".utf8).write(to: dest.appendingPathComponent("2015/beach.MOV"))
        let taken = try library.run(arguments)
        #expect(taken.status == 2)
        #expect(
            taken.stderr.hasPrefix(
                "photolib: 2015/lake-beach.jpg: exported to \(dest.path)/2015/beach.jpg, but not all its companions: "),
            "\(taken.stderr)")
        #expect(try bytes(dest.appendingPathComponent("2015/beach.MOV")) == Data("someone else's".utf8))
    }
}
