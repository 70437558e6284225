/// XXH3-128 of inputs of at most 240 bytes: each length range has its own path, and none of them
/// touches the stripe accumulators of long inputs.
extension XXH3 {
    static func short(_ input: UnsafeRawPointer, count: Int) -> ContentHash {
        switch count {
        case 0: empty()
        case 1...3: upTo3(input, count)
        case 4...8: upTo8(input, count)
        case 9...16: upTo16(input, count)
        case 17...128: upTo128(input, count)
        default: upTo240(input, count)
        }
    }

    private static func empty() -> ContentHash {
        ContentHash(
            high: avalanche64(secret64(80) ^ secret64(88)),
            low: avalanche64(secret64(64) ^ secret64(72)))
    }

    private static func upTo3(_ input: UnsafeRawPointer, _ count: Int) -> ContentHash {
        let first = UInt32(input.load(fromByteOffset: 0, as: UInt8.self))
        let middle = UInt32(input.load(fromByteOffset: count >> 1, as: UInt8.self))
        let last = UInt32(input.load(fromByteOffset: count - 1, as: UInt8.self))
        let combinedLow: UInt32 = first << 16 | middle << 24 | last | UInt32(count) << 8
        let swapped = combinedLow.byteSwapped
        let combinedHigh = swapped << 13 | swapped >> 19
        let flipLow = read32(secret, 0) ^ read32(secret, 4)
        let flipHigh = read32(secret, 8) ^ read32(secret, 12)
        return ContentHash(
            high: avalanche64(UInt64(combinedHigh) ^ flipHigh),
            low: avalanche64(UInt64(combinedLow) ^ flipLow))
    }

    private static func upTo8(_ input: UnsafeRawPointer, _ count: Int) -> ContentHash {
        let combined = read32(input, 0) &+ read32(input, count - 4) << 32
        let keyed = combined ^ (secret64(16) ^ secret64(24))
        var product = multiply(keyed, prime64n1 &+ UInt64(count) << 2)
        product.high &+= product.low << 1
        product.low ^= product.high >> 3
        product.low ^= product.low >> 35
        product.low &*= primeMX2
        product.low ^= product.low >> 28
        return ContentHash(high: avalanche(product.high), low: product.low)
    }

    private static func upTo16(_ input: UnsafeRawPointer, _ count: Int) -> ContentHash {
        let flipLow = secret64(32) ^ secret64(40)
        let flipHigh = secret64(48) ^ secret64(56)
        let inputLow = read64(input, 0)
        var inputHigh = read64(input, count - 8)
        var product = multiply(inputLow ^ inputHigh ^ flipLow, prime64n1)
        product.low &+= UInt64(count - 1) << 54
        inputHigh ^= flipHigh
        product.high &+= inputHigh &+ (inputHigh & 0xFFFF_FFFF) &* (prime32n2 - 1)
        product.low ^= product.high.byteSwapped
        var result = multiply(product.low, prime64n2)
        result.high &+= product.high &* prime64n2
        return ContentHash(high: avalanche(result.high), low: avalanche(result.low))
    }

    private static func upTo128(_ input: UnsafeRawPointer, _ count: Int) -> ContentHash {
        var accumulator = (low: UInt64(count) &* prime64n1, high: UInt64(0))
        if count > 32 {
            if count > 64 {
                if count > 96 {
                    mix32(&accumulator, input + 48, input + count - 64, 96)
                }
                mix32(&accumulator, input + 32, input + count - 48, 64)
            }
            mix32(&accumulator, input + 16, input + count - 32, 32)
        }
        mix32(&accumulator, input, input + count - 16, 0)
        return finishMid(accumulator, count)
    }

    private static func upTo240(_ input: UnsafeRawPointer, _ count: Int) -> ContentHash {
        var accumulator = (low: UInt64(count) &* prime64n1, high: UInt64(0))
        for round in 0..<4 {
            mix32(&accumulator, input + 32 * round, input + 32 * round + 16, 32 * round)
        }
        accumulator.low = avalanche(accumulator.low)
        accumulator.high = avalanche(accumulator.high)
        for round in 4..<(count / 32) {
            mix32(&accumulator, input + 32 * round, input + 32 * round + 16, 3 + 32 * (round - 4))
        }
        // The last 32 bytes, read backwards, with the secret's end (136 - 17 - 16).
        mix32(&accumulator, input + count - 16, input + count - 32, 103)
        return finishMid(accumulator, count)
    }

    private static func finishMid(_ accumulator: (low: UInt64, high: UInt64), _ count: Int) -> ContentHash {
        let low = accumulator.low &+ accumulator.high
        let high =
            accumulator.low &* prime64n1 &+ accumulator.high &* prime64n4 &+ UInt64(count) &* prime64n2
        return ContentHash(high: 0 &- avalanche(high), low: avalanche(low))
    }
}
