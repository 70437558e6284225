import Foundation

/// Starts the built `photolib` and kills it with SIGKILL after a delay, as a power cut or
/// an impatient `kill -9` would: no signal handler, no `defer`, no flush runs.
enum KillableRun {
    /// What became of one run.
    struct Outcome {
        /// False when the process had already exited by itself before the kill.
        var wasKilled: Bool
        var status: Int32
    }

    /// Runs `photolib arguments…` and sends SIGKILL after `delay` seconds.
    static func run(_ arguments: [String], killAfter delay: Double) throws -> Outcome {
        let process = Process()
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = arguments
        process.environment = BinaryRunner.childEnvironment(adding: [:])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(max(0, delay) * 1_000_000))
        // Still running means the kill lands mid-work; the pid cannot be reused before we reap it.
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = wasRunning && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Outcome(wasKilled: killed, status: process.terminationStatus)
    }

    /// Seconds that `body` took.
    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
