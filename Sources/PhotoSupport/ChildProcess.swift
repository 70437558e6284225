import Foundation

/// What a child process wrote to stdout, and how it ended.
package struct ChildOutput: Sendable {
    package var stdout: [UInt8]
    package var exitStatus: Int32?
    /// The signal that killed it, when one did.
    package var signal: Int32?
}

/// Runs a program with `posix_spawn` (never `fork` from a multi-threaded process), its stdin
/// and stderr on /dev/null and an empty environment, and collects its stdout.
package enum ChildProcess {
    /// Linux's `F_SETPIPE_SZ` (which Swift's Glibc module leaves out) and the size asked for.
    private static let pipeSizeCommand: Int32 = 1031
    static let pipeSize = 1 << 20

    package static func run(_ program: String, arguments: [String], maximumOutput: Int) throws -> ChildOutput {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            throw FileSystemError(path: RawPath(program), errno: errno, operation: "pipe")
        }
        // Other threads may spawn too: neither end may leak into their children.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A pipe of 1 MiB (Linux's limit for an unprivileged process) rather than 64 KiB: a
        // worker's 3 MB bitmap crosses in 3 hand-overs instead of 47, each of which waits for a
        // core on a loaded machine. A refusal leaves the default.
        _ = fcntl(pipeEnds[1], Self.pipeSizeCommand, Int32(Self.pipeSize))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        // C libraries' own complaints (libjpeg inside LibRaw) would reach the user's terminal.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([program] + arguments).map { strdup($0) }
        defer { for pointer in argv { free(pointer) } }
        var pointers = argv + [nil]
        var child: pid_t = 0
        // An empty environment: the child is told everything in its arguments.
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        let code = posix_spawn(&child, program, &actions, nil, &pointers, &environment)
        close(pipeEnds[1])
        guard code == 0 else {
            close(pipeEnds[0])
            throw FileSystemError(path: RawPath(program), errno: code, operation: "posix_spawn")
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: Self.pipeSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            if output.count + count > maximumOutput {
                kill(child, SIGKILL)
                break
            }
            output += chunk[..<count]
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        if signalled != 0 && signalled != 0x7F {
            return ChildOutput(stdout: output, exitStatus: nil, signal: signalled)
        }
        return ChildOutput(stdout: output, exitStatus: (status >> 8) & 0xFF, signal: nil)
    }
}
