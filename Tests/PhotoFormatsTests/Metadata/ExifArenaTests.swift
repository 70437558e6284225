import Dispatch
import Foundation
import PhotoTestSupport
import Synchronization
import Testing

@testable import PhotoFormats

/// libexif's memory from a reused per-thread buffer (`ExifArena`): what it hands out, and that
/// blocks parse with it exactly as with libexif's own `calloc` and `free`.
@Suite struct ExifArenaTests {
    /// Runs `body` on a thread of its own, whose buffer nothing else has used.
    func onNewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let box = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = body()
            box.withLock { $0 = result }
            done.signal()
        }
        thread.start()
        done.wait()
        return box.withLock { $0! }
    }

    @Test func freedBytesAreHandedOutAgainZeroed() {
        let (reused, zeroed, inUse) = onNewThread { () -> (Bool, Bool, Int?) in
            let first = ExifArena.allocate(100)!
            first.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 100)
            ExifArena.release(first)
            let second = ExifArena.allocate(100)!
            let bytes = Array(UnsafeRawBufferPointer(start: second, count: 100))
            ExifArena.release(second)
            return (first == second, bytes.allSatisfy { $0 == 0 }, ExifArena.bytesInUseOnThisThread)
        }
        #expect(reused)
        #expect(zeroed)
        #expect(inUse == 0)
    }

    @Test func theBufferStartsOverOnlyWhenEverythingIsFreed() {
        let usage = onNewThread { () -> [Int?] in
            let a = ExifArena.allocate(10)!
            let b = ExifArena.allocate(10)!
            var usage = [ExifArena.bytesInUseOnThisThread]
            ExifArena.release(a)
            usage.append(ExifArena.bytesInUseOnThisThread)
            ExifArena.release(b)
            usage.append(ExifArena.bytesInUseOnThisThread)
            return usage
        }
        // Two blocks of a 16-byte header and 16 bytes each; the first freed is not reused yet.
        #expect(usage == [64, 64, 0])
    }

    @Test func reallocationKeepsTheBytesInPlaceAndWhenMoved() {
        let (inPlace, moved, kept) = onNewThread { () -> (Bool, Bool, [UInt8]) in
            let first = ExifArena.allocate(16)!
            for index in 0..<16 { first.storeBytes(of: UInt8(index + 1), toByteOffset: index, as: UInt8.self) }
            // The latest block grows where it is.
            let grown = ExifArena.reallocate(first, 64)!
            let other = ExifArena.allocate(8)!
            // No longer the latest: it moves, its bytes with it.
            let movedBlock = ExifArena.reallocate(grown, 4096)!
            let kept = Array(UnsafeRawBufferPointer(start: movedBlock, count: 16))
            ExifArena.release(other)
            ExifArena.release(movedBlock)
            return (grown == first, movedBlock != grown, kept)
        }
        #expect(inPlace)
        #expect(moved)
        #expect(kept == Array(1...16))
    }

    @Test func whatDoesNotFitComesFromCalloc() {
        let (outside, zeroed, inUse) = onNewThread { () -> (Bool, Bool, Int?) in
            let small = ExifArena.allocate(32)!
            let size = ExifArena.bufferSize * 2
            let large = ExifArena.allocate(size)!
            let outside = abs(large - small) > ExifArena.bufferSize
            let bytes = UnsafeRawBufferPointer(start: large, count: size)
            let zeroed = bytes.allSatisfy { $0 == 0 }
            // A heap block grows and is freed through the heap; the buffer's count is untouched.
            let larger = ExifArena.reallocate(large, size + 1)!
            ExifArena.release(larger)
            let inUse = ExifArena.bytesInUseOnThisThread
            ExifArena.release(small)
            return (outside, zeroed, inUse)
        }
        #expect(outside)
        #expect(zeroed)
        #expect(inUse == 48)
    }

    /// EXIF payloads to parse: the sample library's, the fuzzers' finds, and the corpus's when
    /// this machine has it.
    static func payloads() throws -> [(name: String, bytes: [UInt8])] {
        var payloads: [(String, [UInt8])] = []
        var photos = [SampleFiles.root]
        if Corpus.isAvailable { photos.append(Corpus.photos) }
        for root in photos {
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            for case let url as URL in files where url.pathExtension.lowercased() == "jpg" {
                let bytes = try [UInt8](Data(contentsOf: url))
                let payload = bytes.withUnsafeBytes { buffer -> [UInt8]? in
                    guard let segment = JPEGMarkerReader.walk(bytes: buffer).layout.first(.exif) else { return nil }
                    let start = Int(segment.payloadOffset)
                    let end = min(start + segment.payloadLength, buffer.count)
                    return start < end ? Array(buffer[start..<end]) : nil
                }
                if let payload { payloads.append((url.lastPathComponent, payload)) }
            }
        }
        let fuzzed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz-regressions/exif")
        for name in try FileManager.default.contentsOfDirectory(atPath: fuzzed.path).sorted() {
            payloads.append((name, try [UInt8](Data(contentsOf: fuzzed.appendingPathComponent(name)))))
        }
        return payloads
    }

    /// Everything a block gives: the tags photolib uses and every field it lists.
    struct Reading: Equatable {
        var tags: ExifTags
        var fields: [ExifField]
    }

    static func reading(_ payload: [UInt8], _ allocator: ExifBlock.Allocator) -> Reading? {
        payload.withUnsafeBytes { buffer in
            guard let block = try? ExifBlock(payload: buffer, allocator: allocator) else { return nil }
            return Reading(tags: block.tags(), fields: block.allFields())
        }
    }

    @Test func blocksParseAsWithLibexifsOwnAllocator() throws {
        let payloads = try Self.payloads()
        // The sample library's nine and the fuzzers' five, and the corpus's many when present.
        #expect(payloads.count >= (Corpus.isAvailable ? 100 : 14))
        // Two threads at once, each with its buffer; every block freed before the next.
        let mismatches = Mutex<[String]>([])
        let leftInUse = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            for (index, payload) in payloads.enumerated() where index % 2 == half {
                if Self.reading(payload.bytes, .arena) != Self.reading(payload.bytes, .libexif) {
                    mismatches.withLock { $0.append(payload.name) }
                }
                if let inUse = ExifArena.bytesInUseOnThisThread, inUse != 0 {
                    leftInUse.withLock { $0.append(inUse) }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == [])
        // libexif frees all it took from the buffer, which every block then starts over.
        #expect(leftInUse.withLock { $0 } == [])
    }
}
