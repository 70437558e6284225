import Foundation

/// What a child process wrote to stdout, and how it ended.
package struct ChildOutput: Sendable {
    package var stdout: [UInt8]
    package var exitStatus: Int32?
    /// The signal that killed it, when one did.
    package var signal: Int32?
}

/// How a child process ended: its exit status, or the signal that killed it.
package struct ChildEnding: Sendable, Equatable {
    package var exitStatus: Int32?
    package var signal: Int32?

    package init(exitStatus: Int32?, signal: Int32?) {
        self.exitStatus = exitStatus
        self.signal = signal
    }

    /// From a `waitpid` status.
    package init(waitStatus status: Int32) {
        let signalled = status & 0x7F
        if signalled != 0 && signalled != 0x7F {
            exitStatus = nil
            signal = signalled
        } else {
            exitStatus = (status >> 8) & 0xFF
            signal = nil
        }
    }
}

/// Runs a program with `posix_spawn` (never `fork` from a multi-threaded process), its stdin
/// and stderr on /dev/null and an empty environment, and collects its stdout.
package enum ChildProcess {
    /// Linux's `F_SETPIPE_SZ` (which Swift's Glibc module leaves out) and the size asked for.
    private static let pipeSizeCommand: Int32 = 1031
    static let pipeSize = 1 << 20

    package static func run(_ program: String, arguments: [String], maximumOutput: Int) throws -> ChildOutput {
        try run(program, rawArguments: arguments.map { Array($0.utf8) }, maximumOutput: maximumOutput)
    }

    /// `run` with arguments as bytes: a path that is not UTF-8 reaches the child as it is.
    package static func run(
        _ program: String, rawArguments arguments: [[UInt8]], maximumOutput: Int
    ) throws
        -> ChildOutput
    {
        let (readEnd, writeEnd) = try pipe(for: program)
        let child: pid_t
        do {
            child = try spawn(program, arguments: arguments, stdin: nil, stdout: writeEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        let buffer = ReadBuffer()
        if !buffer.readToEnd(from: readEnd, maximum: maximumOutput) { kill(child, SIGKILL) }
        close(readEnd)
        let ending = wait(for: child)
        return ChildOutput(
            stdout: Array(UnsafeRawBufferPointer(buffer.bytes)), exitStatus: ending.exitStatus, signal: ending.signal)
    }

    /// A pipe whose ends close on `exec` (other threads may spawn too: neither end may leak into
    /// their children), 1 MiB where Linux allows it rather than 64 KiB: a worker's 3 MB bitmap
    /// crosses in 3 hand-overs instead of 47, each of which waits for a core on a loaded machine.
    package static func pipe(for program: String) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        // (`pipe2` is not in Swift's Glibc module.)
        guard Glibc.pipe(&ends) == 0 else {
            throw FileSystemError(path: RawPath(program), errno: errno, operation: "pipe")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A refusal leaves the default.
        _ = fcntl(ends[1], Self.pipeSizeCommand, Int32(Self.pipeSize))
        return (ends[0], ends[1])
    }

    /// Starts `program` with an empty environment (the child is told everything in its
    /// arguments), stdin on `stdin` and stdout on `stdout` (each /dev/null when nil) and stderr
    /// on /dev/null: C libraries' own complaints (libjpeg inside LibRaw) would reach the user's
    /// terminal.
    package static func spawn(_ program: String, arguments: [[UInt8]], stdin: Int32?, stdout: Int32?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([Array(program.utf8)] + arguments).map { bytes in
            (bytes + [0]).withUnsafeBufferPointer {
                strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
            }
        }
        defer { for pointer in argv { free(pointer) } }
        var pointers = argv + [nil]
        var child: pid_t = 0
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        let code = posix_spawn(&child, program, &actions, nil, &pointers, &environment)
        guard code == 0 else { throw FileSystemError(path: RawPath(program), errno: code, operation: "posix_spawn") }
        return child
    }

    /// Waits for `child` to end.
    package static func wait(for child: pid_t) -> ChildEnding {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return ChildEnding(waitStatus: status)
    }
}
