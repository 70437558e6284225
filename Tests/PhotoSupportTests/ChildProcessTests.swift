import Foundation
import Testing

@testable import PhotoSupport

/// The child process runner the RAW worker goes through: all of a big output, its status, and
/// the limit on what it may write.
@Suite struct ChildProcessTests {
    @Test func collectsAnOutputBiggerThanThePipe() throws {
        // 3 MB, as a worker's half-size bitmap: more than the pipe holds, whatever its size.
        let count = 3 * ChildProcess.pipeSize
        let output = try ChildProcess.run(
            "/usr/bin/head", arguments: ["-c", String(count), "/dev/zero"], maximumOutput: 8 << 20)
        #expect(output.stdout.count == count)
        #expect(output.stdout.allSatisfy { $0 == 0 })
        #expect(output.exitStatus == 0)
        #expect(output.signal == nil)
    }

    @Test func stopsAChildThatWritesTooMuch() throws {
        let output = try ChildProcess.run("/usr/bin/cat", arguments: ["/dev/zero"], maximumOutput: 4 << 20)
        #expect(output.stdout.count <= 4 << 20)
        #expect(output.signal == SIGKILL)
    }

    @Test func reportsTheExitStatus() throws {
        let output = try ChildProcess.run("/bin/sh", arguments: ["-c", "printf done; exit 3"], maximumOutput: 1024)
        #expect(output.stdout == Array("done".utf8))
        #expect(output.exitStatus == 3)
    }
}
