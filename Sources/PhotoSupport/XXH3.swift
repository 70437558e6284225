/// The pieces of XXH3-128 (seed 0, default secret) that `ContentHash` and `ContentHasher` share:
/// constants, the 192-byte secret and the one-shot paths for inputs of at most 240 bytes.
/// Every operation wraps (`&+`, `&*`): the algorithm is defined modulo 2^64.
enum XXH3 {
    // PRIME32_1 … PRIME64_5 and PRIME_MX1, PRIME_MX2 of the specification.
    static let prime32n1: UInt64 = 0x9E37_79B1
    static let prime32n2: UInt64 = 0x85EB_CA77
    static let prime32n3: UInt64 = 0xC2B2_AE3D
    static let prime64n1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let prime64n2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let prime64n3: UInt64 = 0x1656_67B1_9E37_79F9
    static let prime64n4: UInt64 = 0x85EB_CA77_C2B2_AE63
    static let prime64n5: UInt64 = 0x27D4_EB2F_1656_67C5
    static let primeMX1: UInt64 = 0x1656_6791_9E37_79F9
    static let primeMX2: UInt64 = 0x9FB2_1C65_1E98_DF25

    static let secretSize = 192
    static let stripeLength = 64
    /// Stripes per block: the secret advances 8 bytes a stripe over its first 128 bytes.
    static let stripesPerBlock = (secretSize - stripeLength) / 8

    /// The default secret (kSecret), loaded once into memory that is never freed or written, so
    /// that reading it unaligned at any offset costs a plain load.
    nonisolated(unsafe) static let secret: UnsafePointer<UInt8> = {
        let bytes: [UInt8] = [
            0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
            0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
            0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
            0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
            0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
            0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
            0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
            0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
            0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
            0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
            0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
            0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
        ]
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        memory.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(memory)
    }()

    // MARK: - Primitives

    @inline(__always)
    static func read64(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    static func read32(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    @inline(__always)
    static func secret64(_ offset: Int) -> UInt64 { read64(UnsafeRawPointer(secret), offset) }

    @inline(__always)
    static func multiply(_ lhs: UInt64, _ rhs: UInt64) -> (high: UInt64, low: UInt64) {
        lhs.multipliedFullWidth(by: rhs)
    }

    @inline(__always)
    static func multiplyFold(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        let product = lhs.multipliedFullWidth(by: rhs)
        return product.high ^ product.low
    }

    @inline(__always)
    static func avalanche64(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash &*= prime64n2
        hash ^= hash >> 29
        hash &*= prime64n3
        hash ^= hash >> 32
        return hash
    }

    @inline(__always)
    static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 37
        hash &*= primeMX1
        hash ^= hash >> 32
        return hash
    }

    @inline(__always)
    static func mix16(_ input: UnsafeRawPointer, _ secretOffset: Int) -> UInt64 {
        multiplyFold(read64(input, 0) ^ secret64(secretOffset), read64(input, 8) ^ secret64(secretOffset + 8))
    }

    @inline(__always)
    static func mix32(
        _ accumulator: inout (low: UInt64, high: UInt64), _ first: UnsafeRawPointer, _ second: UnsafeRawPointer,
        _ secretOffset: Int
    ) {
        accumulator.low &+= mix16(first, secretOffset)
        accumulator.low ^= read64(second, 0) &+ read64(second, 8)
        accumulator.high &+= mix16(second, secretOffset + 16)
        accumulator.high ^= read64(first, 0) &+ read64(first, 8)
    }
}
