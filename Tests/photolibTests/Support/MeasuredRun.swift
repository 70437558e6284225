import Foundation

/// Runs the built `photolib` and reports the most memory it held: `Process` reaps its child
/// itself, so this one is started with `posix_spawn` and reaped with `wait4`, whose resource
/// usage is that child's alone. Alone but for one thing: `posix_spawn` starts the child in
/// this process's memory, and Linux carries the peak of that memory over the `exec` (so a big
/// test run would be counted too); where GNU time is installed, it runs photolib as a child
/// of its own small process and reports photolib's peak instead.
enum MeasuredRun {
    struct Result {
        var status: Int32
        var stderr: String
        /// The child's peak resident set, in bytes.
        var peakMemory: Int
    }

    static func run(_ arguments: [String]) throws -> Result {
        let binary = try BinaryRunner.binaryURL().path
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("photolib-measured-\(UUID())")
        defer { try? FileManager.default.removeItem(at: errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let time = "/usr/bin/time"
        let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("photolib-peak-\(UUID())")
        defer { try? FileManager.default.removeItem(at: peakFile) }
        let timed = FileManager.default.isExecutableFile(atPath: time)
        let command = (timed ? [time, "-f", "%M", "-o", peakFile.path] : []) + [binary] + arguments
        let argv = command.map { strdup($0) } + [nil]
        let environment = BinaryRunner.childEnvironment(adding: [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        // As a shell says it: the exit code, or 128 + the signal.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        var peak = usage.ru_maxrss * 1024
        if timed, let line = try? String(contentsOf: peakFile, encoding: .utf8),
            let kilobytes = Int(line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "")
        {
            peak = kilobytes * 1024
        }
        return Result(status: code, stderr: text, peakMemory: peak)
    }
}
