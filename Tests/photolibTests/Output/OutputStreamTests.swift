import Foundation
import Synchronization
import Testing

@testable import photolib

@Suite struct OutputStreamTests {
    /// A pipe's two ends, closed when the test ends.
    final class PipeEnds {
        var read: Int32, write: Int32
        init() throws {
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
            (read, write) = (descriptors[0], descriptors[1])
        }
        func drain() -> String {
            var bytes = [UInt8](repeating: 0, count: 65536)
            let count = Foundation.read(read, &bytes, bytes.count)
            return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        }
        deinit {
            if read >= 0 { close(read) }
            if write >= 0 { close(write) }
        }
    }

    @Test func buffersUntilFlush() throws {
        let ends = try PipeEnds()
        _ = fcntl(ends.read, F_SETFL, O_NONBLOCK)
        let stream = OutputStream(fileDescriptor: ends.write, buffered: true)
        stream.write("one\n")
        stream.write(bytes: Array("two\n".utf8))
        #expect(ends.drain() == "")
        stream.flush()
        #expect(ends.drain() == "one\ntwo\n")
    }

    @Test func unbufferedWritesAtOnce() throws {
        let ends = try PipeEnds()
        let stream = OutputStream(fileDescriptor: ends.write, buffered: false)
        stream.write("now\n")
        #expect(ends.drain() == "now\n")
    }

    @Test func closedReaderStopsWritingQuietly() throws {
        signal(SIGPIPE, SIG_IGN)
        let ends = try PipeEnds()
        close(ends.read)
        ends.read = -1
        let stream = OutputStream(fileDescriptor: ends.write, buffered: true)
        stream.write("lost\n")
        #expect(!stream.isClosed)
        stream.flush()
        #expect(stream.isClosed)
        #expect(stream.writeError == nil)
        stream.write(String(repeating: "x", count: 2 * OutputStream.bufferSize))
        stream.flush()
        #expect(stream.writeError == nil)
    }

    @Test func otherWriteErrorsAreKept() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stream = OutputStream(fileDescriptor: descriptor, buffered: false)
        stream.write("x")
        #expect(stream.isClosed)
        #expect(stream.writeError == ENOSPC)
    }

    @Test func largeOutputArrivesWhole() async throws {
        let ends = try PipeEnds()
        let stream = OutputStream(fileDescriptor: ends.write, buffered: true)
        let line = String(repeating: "abcdefgh", count: 16) + "\n"
        let readEnd = ends.read
        // The reader drains the pipe on its own thread while this one writes.
        let reader = Task.detached { () -> Int in
            var total = 0
            var bytes = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(readEnd, &bytes, bytes.count)
                if count <= 0 { return total }
                total += count
            }
        }
        for _ in 0..<10_000 { stream.write(line) }
        stream.flush()
        close(ends.write)
        ends.write = -1
        #expect(await reader.value == 10_000 * line.utf8.count)
    }
}
