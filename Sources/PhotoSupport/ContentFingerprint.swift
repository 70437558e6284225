/// A cheap identity for a file's content that survives renames and moves.
///
/// It hashes the file size and the first and last 64 KiB, never the whole file: indexing
/// runs it on every file, and photos that differ only in the middle of their scan data
/// are vanishingly rare, while a changed size, header (EXIF) or ending is caught.
/// The hash is XXH64 (seed 0) of: the size as 8 bytes little-endian, then the head,
/// then the tail; a file of at most `2 * windowSize` bytes is hashed whole, once.
public enum ContentFingerprint {
    /// How many bytes are hashed from each end of a large file.
    public static let windowSize = 65_536

    /// The fingerprint as 16 lowercase hex digits.
    ///
    /// - Parameters:
    ///   - head: the first `windowSize` bytes, or the whole file when it is small.
    ///   - tail: the last `windowSize` bytes, or nil when `head` is the whole file.
    public static func of(size: Int64, head: UnsafeRawBufferPointer, tail: UnsafeRawBufferPointer?) -> String {
        hexDigits(value(size: size, head: head, tail: tail))
    }

    /// The fingerprint as a number (what `of` spells in hex).
    public static func value(size: Int64, head: UnsafeRawBufferPointer, tail: UnsafeRawBufferPointer?) -> UInt64 {
        var hasher = XXH64()
        withUnsafeBytes(of: UInt64(bitPattern: size).littleEndian) { hasher.update($0) }
        hasher.update(head)
        if let tail { hasher.update(tail) }
        return hasher.finish()
    }

    /// `value` as 16 lowercase hex digits, leading zeros kept (fingerprints, hashes, asset ids).
    package static func hexDigits(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            let table = digits.utf8Start
            for index in 0..<16 {
                let nibble = Int((value >> UInt64(60 - 4 * index)) & 0xF)
                buffer[index] = table[nibble]
            }
            return 16
        }
    }
}

extension ContentFingerprint {
    /// Streaming XXH64, as published by Yann Collet (xxHash specification, version 0.1.1).
    struct XXH64 {
        private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
        private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
        private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
        private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

        private var lane1, lane2, lane3, lane4: UInt64
        private let seed: UInt64
        private var totalLength: UInt64 = 0
        /// Bytes of an incomplete 32-byte stripe carried over between `update` calls.
        private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        private var pendingCount = 0

        init(seed: UInt64 = 0) {
            self.seed = seed
            lane1 = seed &+ Self.prime1 &+ Self.prime2
            lane2 = seed &+ Self.prime2
            lane3 = seed
            lane4 = seed &- Self.prime1
        }

        /// The one-shot hash of `bytes`.
        static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
            var hasher = XXH64(seed: seed)
            hasher.update(bytes)
            return hasher.finish()
        }

        @inline(__always)
        private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
            ((accumulator &+ input &* prime2).rotatedLeft(by: 31)) &* prime1
        }

        @inline(__always)
        private static func merge(_ accumulator: UInt64, _ lane: UInt64) -> UInt64 {
            (accumulator ^ round(0, lane)) &* prime1 &+ prime4
        }

        @inline(__always)
        private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }

        @inline(__always)
        private mutating func consumeStripe(_ base: UnsafeRawPointer) {
            lane1 = Self.round(lane1, Self.word(base, 0))
            lane2 = Self.round(lane2, Self.word(base, 8))
            lane3 = Self.round(lane3, Self.word(base, 16))
            lane4 = Self.round(lane4, Self.word(base, 24))
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let start = bytes.baseAddress, bytes.count > 0 else { return }
            totalLength &+= UInt64(bytes.count)
            var offset = 0
            if pendingCount > 0 {
                let taken = min(32 - pendingCount, bytes.count)
                withUnsafeMutableBytes(of: &pending) { stripe in
                    stripe.baseAddress!.advanced(by: pendingCount).copyMemory(from: start, byteCount: taken)
                }
                pendingCount += taken
                offset = taken
                guard pendingCount == 32 else { return }
                let stripe = pending
                withUnsafeBytes(of: stripe) { consumeStripe($0.baseAddress!) }
                pendingCount = 0
            }
            // Local copies of the lanes let the compiler keep them in registers.
            var v1 = lane1
            var v2 = lane2
            var v3 = lane3
            var v4 = lane4
            while bytes.count - offset >= 32 {
                let base = start + offset
                v1 = Self.round(v1, Self.word(base, 0))
                v2 = Self.round(v2, Self.word(base, 8))
                v3 = Self.round(v3, Self.word(base, 16))
                v4 = Self.round(v4, Self.word(base, 24))
                offset += 32
            }
            lane1 = v1
            lane2 = v2
            lane3 = v3
            lane4 = v4
            let rest = bytes.count - offset
            if rest > 0 {
                withUnsafeMutableBytes(of: &pending) { stripe in
                    stripe.baseAddress!.copyMemory(from: start + offset, byteCount: rest)
                }
                pendingCount = rest
            }
        }

        /// `first.update(bytes)` and `second.update(bytes)` at once. Where both have as many
        /// bytes pending (stand at the same place in their stripes), each word's product with
        /// `prime2` serves both: 12 multiplications a stripe where two updates make 16, and the
        /// multiplier is what bounds XXH64. A JPEG's fingerprint and image-data hash end on the
        /// same last 64 KiB at the same place (`Windows.fingerprintAndImageDataHash`).
        static func update(_ first: inout XXH64, _ second: inout XXH64, both bytes: UnsafeRawBufferPointer) {
            guard first.pendingCount == second.pendingCount, let start = bytes.baseAddress else {
                first.update(bytes)
                second.update(bytes)
                return
            }
            // Up to the stripes' boundary, each on its own.
            let leading = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, (32 - first.pendingCount) % 32)])
            first.update(leading)
            second.update(leading)
            var offset = leading.count
            let stripes = (bytes.count - offset) / 32
            if stripes > 0 {
                var (a1, a2, a3, a4) = (first.lane1, first.lane2, first.lane3, first.lane4)
                var (b1, b2, b3, b4) = (second.lane1, second.lane2, second.lane3, second.lane4)
                for _ in 0..<stripes {
                    let base = start + offset
                    let p1 = Self.word(base, 0) &* prime2
                    let p2 = Self.word(base, 8) &* prime2
                    let p3 = Self.word(base, 16) &* prime2
                    let p4 = Self.word(base, 24) &* prime2
                    a1 = (a1 &+ p1).rotatedLeft(by: 31) &* prime1
                    b1 = (b1 &+ p1).rotatedLeft(by: 31) &* prime1
                    a2 = (a2 &+ p2).rotatedLeft(by: 31) &* prime1
                    b2 = (b2 &+ p2).rotatedLeft(by: 31) &* prime1
                    a3 = (a3 &+ p3).rotatedLeft(by: 31) &* prime1
                    b3 = (b3 &+ p3).rotatedLeft(by: 31) &* prime1
                    a4 = (a4 &+ p4).rotatedLeft(by: 31) &* prime1
                    b4 = (b4 &+ p4).rotatedLeft(by: 31) &* prime1
                    offset += 32
                }
                (first.lane1, first.lane2, first.lane3, first.lane4) = (a1, a2, a3, a4)
                (second.lane1, second.lane2, second.lane3, second.lane4) = (b1, b2, b3, b4)
                first.totalLength &+= UInt64(stripes * 32)
                second.totalLength &+= UInt64(stripes * 32)
            }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            first.update(rest)
            second.update(rest)
        }

        func finish() -> UInt64 {
            var hash: UInt64
            if totalLength >= 32 {
                hash =
                    lane1.rotatedLeft(by: 1) &+ lane2.rotatedLeft(by: 7)
                    &+ lane3.rotatedLeft(by: 12) &+ lane4.rotatedLeft(by: 18)
                hash = Self.merge(hash, lane1)
                hash = Self.merge(hash, lane2)
                hash = Self.merge(hash, lane3)
                hash = Self.merge(hash, lane4)
            } else {
                hash = seed &+ Self.prime5
            }
            hash &+= totalLength
            let stripe = pending
            let count = pendingCount
            withUnsafeBytes(of: stripe) { remaining in
                let base = remaining.baseAddress!
                var offset = 0
                while count - offset >= 8 {
                    hash ^= Self.round(0, Self.word(base, offset))
                    hash = hash.rotatedLeft(by: 27) &* Self.prime1 &+ Self.prime4
                    offset += 8
                }
                if count - offset >= 4 {
                    let half = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                    hash ^= half &* Self.prime1
                    hash = hash.rotatedLeft(by: 23) &* Self.prime2 &+ Self.prime3
                    offset += 4
                }
                while offset < count {
                    hash ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* Self.prime5
                    hash = hash.rotatedLeft(by: 11) &* Self.prime1
                    offset += 1
                }
            }
            hash ^= hash >> 33
            hash &*= Self.prime2
            hash ^= hash >> 29
            hash &*= Self.prime3
            hash ^= hash >> 32
            return hash
        }
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
