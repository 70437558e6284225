import Foundation
import PhotoTestSupport
import Testing

/// A folder of the library on a real FUSE mount (bindfs): inotify does not hear of changes made
/// to the mount's source, so the watcher says so in one line and checks that folder with a stat
/// pass every `--interval`. Skipped with a message where bindfs, /dev/fuse or the right to
/// mount is missing.
@Suite(.serialized) struct WatchMountTests {
    static let bindfs = "/usr/bin/bindfs"
    static let fusermount = "/usr/bin/fusermount"

    static func runTool(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func isMounted(_ point: URL) -> Bool {
        let table = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").contains {
            $0.split(separator: " ").dropFirst().first == Substring(point.path)
        }
    }

    /// bindfs in the foreground, as a child of the test: a daemon would keep the pipe by
    /// which Foundation learns that its child ended, and the wait for it would never end.
    static func mount(_ source: URL, at point: URL) throws -> Process? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bindfs)
        process.arguments = ["-f", source.path, point.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if WatcherProcess.waitFor(10, { isMounted(point) || !process.isRunning }), isMounted(point) { return process }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return nil
    }

    @Test func aFolderOnAFUSEMountIsCheckedByStatPasses() throws {
        for needed in [Self.bindfs, Self.fusermount] where !FileManager.default.isExecutableFile(atPath: needed) {
            print("skipped the FUSE mount test: \(needed) is absent (apt-get install bindfs)")
            return
        }
        guard FileManager.default.fileExists(atPath: "/dev/fuse") else {
            print("skipped the FUSE mount test: no /dev/fuse")
            return
        }
        let source = try TemporaryDirectory()
        defer { source.remove() }
        try FileManager.default.copyItem(
            at: SampleFiles.root.appendingPathComponent("2015/bordeaux-art.jpg"),
            to: source.url.appendingPathComponent("there.jpg"))
        let library = try WatchCommandTests.library(["2015/lake-beach.jpg": "local/here.jpg"])
        let mountPoint = library.url("remote")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard let bindfs = try Self.mount(source.url, at: mountPoint) else {
            print("skipped the FUSE mount test: bindfs could not mount (no permission to mount here)")
            return
        }
        // Unmounted before the library's folder is removed, which would otherwise reach the source.
        defer {
            _ = try? Self.runTool(Self.fusermount, ["-u", "-z", mountPoint.path])
            if !WatcherProcess.waitFor(10, { !bindfs.isRunning }) { bindfs.terminate() }
            bindfs.waitUntilExit()
            withExtendedLifetime(library) {}
        }

        let watcher = try WatcherProcess(
            library: library, arguments: ["--interval", "1s", "--settle", "1s", "--no-renditions"])
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        let lines = watcher.stderr.split(separator: "\n").filter { $0.contains("remote: on a fuse") }
        #expect(lines.count == 1, "\(watcher.stderr)")
        #expect(lines.first?.contains("checked every 1 s instead (--interval)") == true, "\(watcher.stderr)")
        #expect(watcher.stderr.contains("1 checked every 1 s"), "\(watcher.stderr)")
        #expect(
            try WatcherProcess.waitFor {
                let paths = try WatchCommandTests.pathsAndIDs(library)
                return paths["remote/there.jpg"] != nil && paths["local/here.jpg"] != nil
            }, "\(watcher.stderr)")

        // Written to the mount's source, past FUSE: no event, found by the next stat pass.
        try FileManager.default.copyItem(
            at: SampleFiles.root.appendingPathComponent("2016/lighthouse-portrait.jpg"),
            to: source.url.appendingPathComponent("arrived.jpg"))
        #expect(
            try WatcherProcess.waitFor { try WatchCommandTests.pathsAndIDs(library)["remote/arrived.jpg"] != nil },
            "\(watcher.stderr)")
        // And the local folder beside it still goes by events.
        try FileManager.default.copyItem(
            at: SampleFiles.root.appendingPathComponent("2016/progressive-tokyo.jpg"),
            to: library.url("local/new.jpg"))
        #expect(try WatcherProcess.waitFor { try WatchCommandTests.pathsAndIDs(library)["local/new.jpg"] != nil })
        #expect(watcher.stop() == 0, "\(watcher.stderr)")
    }
}
