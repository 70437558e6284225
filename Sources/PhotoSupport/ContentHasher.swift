/// Streaming XXH3-128: `update` with the content in pieces of any size, then `finish`, gives the
/// same `ContentHash` as hashing the whole content at once, in fixed memory (no heap at all).
///
/// XXH3 hashes long inputs in 64-byte stripes, but the last stripe is always the input's last 64
/// bytes, hashed with its own part of the secret. So a stripe is consumed only once at least one
/// byte follows it; the bytes not consumed yet (1 to 256) wait in `pending`, and the last stripe
/// consumed is kept in `previous` for an ending that needs bytes from before `pending`.
public struct ContentHasher: Sendable {
    private var lanes = XXH3.Lanes()
    private var totalCount: UInt64 = 0
    private var pendingCount = 0
    /// 256 bytes: input not consumed yet (all of it while the total is at most 240).
    private var pending: Bytes256 = (zeroStripe, zeroStripe, zeroStripe, zeroStripe)
    /// The last 64 bytes consumed.
    private var previous: Bytes64 = zeroStripe

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var input = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        totalCount &+= UInt64(remaining)
        let capacity = MemoryLayout<Bytes256>.size
        var lanes = self.lanes
        defer { self.lanes = lanes }
        if pendingCount + remaining <= capacity {
            let offset = pendingCount
            withUnsafeMutableBytes(of: &pending) {
                ($0.baseAddress! + offset).copyMemory(from: input, byteCount: remaining)
            }
            pendingCount += remaining
            return
        }
        if pendingCount > 0 {
            let fill = capacity - pendingCount
            let offset = pendingCount
            withUnsafeMutableBytes(of: &pending) { buffer in
                (buffer.baseAddress! + offset).copyMemory(from: input, byteCount: fill)
                lanes.consume(UnsafeRawPointer(buffer.baseAddress!), stripes: capacity / XXH3.stripeLength)
            }
            previous = pending.3
            input += fill
            remaining -= fill
            pendingCount = 0
        }
        if remaining > capacity {
            let stripes = (remaining - 1) / XXH3.stripeLength
            lanes.consume(input, stripes: stripes)
            input += stripes * XXH3.stripeLength
            remaining -= stripes * XXH3.stripeLength
            keepPrevious(input - XXH3.stripeLength)
        }
        let count = remaining
        withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: input, byteCount: count) }
        pendingCount = count
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The hash of everything given to `update` so far (the hasher can go on after it).
    public func finish() -> ContentHash {
        var pending = self.pending
        let count = pendingCount
        return withUnsafeBytes(of: &pending) { buffer in
            let base = buffer.baseAddress!
            guard totalCount > 240 else { return XXH3.short(base, count: count) }
            var lanes = self.lanes
            lanes.consume(base, stripes: (count - 1) / XXH3.stripeLength)
            if count >= XXH3.stripeLength {
                lanes.accumulateLast(base + count - XXH3.stripeLength)
            } else {
                // The last stripe straddles what was consumed and what is pending.
                var last = zeroStripe
                let previous = self.previous
                withUnsafeMutableBytes(of: &last) { stripe in
                    withUnsafeBytes(of: previous) { earlier in
                        stripe.baseAddress!.copyMemory(
                            from: earlier.baseAddress! + count, byteCount: XXH3.stripeLength - count)
                    }
                    (stripe.baseAddress! + XXH3.stripeLength - count).copyMemory(from: base, byteCount: count)
                    lanes.accumulateLast(UnsafeRawPointer(stripe.baseAddress!))
                }
            }
            return lanes.merge(totalCount: totalCount)
        }
    }

    private mutating func keepPrevious(_ stripe: UnsafeRawPointer) {
        withUnsafeMutableBytes(of: &previous) { $0.baseAddress!.copyMemory(from: stripe, byteCount: XXH3.stripeLength) }
    }
}

typealias Bytes64 = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
typealias Bytes256 = (Bytes64, Bytes64, Bytes64, Bytes64)
private let zeroStripe: Bytes64 = (0, 0, 0, 0, 0, 0, 0, 0)

extension XXH3 {
    /// The eight 64-bit accumulators of a long input and where the current block is.
    struct Lanes: Sendable {
        var a0 = prime32n3, a1 = prime64n1, a2 = prime64n2, a3 = prime64n3
        var a4 = prime64n4, a5 = prime32n2, a6 = prime64n5, a7 = prime32n1
        /// Stripes consumed in the current 1024-byte block (0..<16).
        var stripeInBlock = 0

        /// Consumes `stripes` whole stripes at `input`, scrambling after each full block.
        mutating func consume(_ input: UnsafeRawPointer, stripes: Int) {
            let secret = UnsafeRawPointer(XXH3.secret)
            var stripe = input
            var remaining = stripes
            while remaining > 0 {
                // The stripes left in this block, in one tight loop on local accumulators.
                let batch = min(remaining, stripesPerBlock - stripeInBlock)
                var copy = self
                var key = secret + stripeInBlock * 8
                for _ in 0..<batch {
                    copy.accumulate(stripe, key)
                    stripe += stripeLength
                    key += 8
                }
                self = copy
                stripeInBlock += batch
                remaining -= batch
                if stripeInBlock == stripesPerBlock {
                    scramble()
                    stripeInBlock = 0
                }
            }
        }

        /// The input's last 64 bytes, with the secret's part kept for them (192 - 64 - 7).
        mutating func accumulateLast(_ stripe: UnsafeRawPointer) {
            accumulate(stripe, UnsafeRawPointer(secret) + secretSize - stripeLength - 7)
        }

        @inline(__always)
        private mutating func accumulate(_ input: UnsafeRawPointer, _ key: UnsafeRawPointer) {
            let v0 = read64(input, 0)
            let v1 = read64(input, 8)
            let v2 = read64(input, 16)
            let v3 = read64(input, 24)
            let v4 = read64(input, 32)
            let v5 = read64(input, 40)
            let v6 = read64(input, 48)
            let v7 = read64(input, 56)
            let k0 = v0 ^ read64(key, 0)
            let k1 = v1 ^ read64(key, 8)
            let k2 = v2 ^ read64(key, 16)
            let k3 = v3 ^ read64(key, 24)
            let k4 = v4 ^ read64(key, 32)
            let k5 = v5 ^ read64(key, 40)
            let k6 = v6 ^ read64(key, 48)
            let k7 = v7 ^ read64(key, 56)
            // Each lane adds its neighbour's input and the product of its keyed input's halves.
            a0 &+= v1 &+ (k0 & 0xFFFF_FFFF) &* (k0 >> 32)
            a1 &+= v0 &+ (k1 & 0xFFFF_FFFF) &* (k1 >> 32)
            a2 &+= v3 &+ (k2 & 0xFFFF_FFFF) &* (k2 >> 32)
            a3 &+= v2 &+ (k3 & 0xFFFF_FFFF) &* (k3 >> 32)
            a4 &+= v5 &+ (k4 & 0xFFFF_FFFF) &* (k4 >> 32)
            a5 &+= v4 &+ (k5 & 0xFFFF_FFFF) &* (k5 >> 32)
            a6 &+= v7 &+ (k6 & 0xFFFF_FFFF) &* (k6 >> 32)
            a7 &+= v6 &+ (k7 & 0xFFFF_FFFF) &* (k7 >> 32)
        }

        private mutating func scramble() {
            let offset = secretSize - stripeLength
            @inline(__always)
            func mixed(_ value: UInt64, _ index: Int) -> UInt64 {
                ((value ^ value >> 47) ^ secret64(offset + 8 * index)) &* prime32n1
            }
            a0 = mixed(a0, 0)
            a1 = mixed(a1, 1)
            a2 = mixed(a2, 2)
            a3 = mixed(a3, 3)
            a4 = mixed(a4, 4)
            a5 = mixed(a5, 5)
            a6 = mixed(a6, 6)
            a7 = mixed(a7, 7)
        }

        func merge(totalCount: UInt64) -> ContentHash {
            func merged(_ secretOffset: Int, _ start: UInt64) -> UInt64 {
                var result = start
                result &+= multiplyFold(a0 ^ secret64(secretOffset), a1 ^ secret64(secretOffset + 8))
                result &+= multiplyFold(a2 ^ secret64(secretOffset + 16), a3 ^ secret64(secretOffset + 24))
                result &+= multiplyFold(a4 ^ secret64(secretOffset + 32), a5 ^ secret64(secretOffset + 40))
                result &+= multiplyFold(a6 ^ secret64(secretOffset + 48), a7 ^ secret64(secretOffset + 56))
                return avalanche(result)
            }
            return ContentHash(
                high: merged(secretSize - stripeLength - 11, ~(totalCount &* prime64n2)),
                low: merged(11, totalCount &* prime64n1))
        }
    }
}
