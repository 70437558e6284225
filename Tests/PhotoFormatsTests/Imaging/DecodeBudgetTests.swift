import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Issue 11 item 11: a small progressive file whose header claims a huge frame would make
/// libjpeg allocate its whole coefficient buffer (2 GB for 15,800 x 15,800 CMYK) even to
/// decode at 1/8 scale. The decoder refuses it from the header, under a budget the pixel
/// limit sets; a single-scan file of the same size needs no such buffer and is not refused.
@Suite struct DecodeBudgetTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    private func readHeader(progressive: Bool, limit: PixelLimit) throws -> JPEGHeader {
        var encoder = FixtureJPEG(.cmyk)
        encoder.progressive = progressive
        encoder.declaredSize = (15_800, 15_800)
        let bytes = encoder.encode(TestImage.testCard(width: 64, height: 48))
        let path = folder.path.appending(progressive ? "progressive.jpg" : "baseline.jpg")
        try FileSystem.writeAtomically(bytes, to: path)
        let decoder = try DownscalingDecoder(path: path)
        return try bytes.withUnsafeBytes { try decoder.readHeader($0, limit: limit, path: path) }
    }

    @Test func aProgressiveFrameWhoseCoefficientsExceedTheBudgetIsRefused() throws {
        let error = try #require(throws: ImagingError.self) {
            try readHeader(progressive: true, limit: .standard)
        }
        guard case .overMemoryBudget(let bytes, let limit) = error.reason else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(limit == 250 && bytes > 1_900_000_000)
        #expect(
            error.reasonDescription
                == "progressive image needs 1905 MiB for its coefficients, over the 250 MiB budget of the "
                + "250-megapixel limit (raise max-megapixels to decode it)")
        // A raised limit raises the budget.
        #expect(try readHeader(progressive: true, limit: PixelLimit(megapixels: 2000)).width == 15_800)
    }

    @Test func aSingleScanFrameOfTheSameSizeNeedsNoCoefficientBuffer() throws {
        #expect(try readHeader(progressive: false, limit: .standard).width == 15_800)
    }
}

extension DecodeBudgetTests {
    /// Hundreds of empty scans over a large frame each pass over its whole coefficient buffer:
    /// seconds of work from a 5 KB file. The decode stops once the scans' work passes the budget.
    @Test func aScanBombFailsWithinTheWorkBudget() throws {
        var encoder = FixtureJPEG(.gray)
        encoder.progressive = true
        encoder.declaredSize = (8000, 8000)
        let bytes = encoder.encode(TestImage.testCard(width: 64, height: 48))
        // Everything up to the second scan's data, then that scan's header 495 times over.
        var index = 2
        var scans = 0
        var bomb = Array(bytes[0..<2])
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            var end = index + 2 + length
            if marker == 0xDA {
                scans += 1
                if scans == 2 {
                    for _ in 0..<495 { bomb += bytes[index..<end] }
                    break
                }
                while !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1])) {
                    end += 1
                }
            }
            bomb += bytes[index..<end]
            index = end
        }
        bomb += [0xFF, 0xD9]
        try #require(scans == 2)
        let path = folder.path.appending("scans.jpg")
        try FileSystem.writeAtomically(bomb, to: path)
        let decoder = try DownscalingDecoder(path: path)
        let error = try #require(throws: ImagingError.self) {
            try decoder.decodeFile(
                path, minimumWidth: 256, minimumHeight: 256, limit: .standard, source: PixelStorage<UInt8>(),
                pixels: PixelStorage<UInt8>())
        }
        #expect(
            error.reasonDescription.hasPrefix("cannot decode JPEG: Progressive JPEG has too many scans for its size"),
            "\(error)")
    }
}

extension DecodeBudgetTests {
    /// TurboJPEG's lossless turn reads every coefficient of the image, single-scan or not, and
    /// writes a second set for every turn but the horizontal flip: refused from the header
    /// when that passes the budget, before TurboJPEG allocates anything.
    @Test(arguments: [false, true])
    func aTurnWhoseCoefficientsExceedTheBudgetIsRefused(progressive: Bool) throws {
        var encoder = FixtureJPEG(.gray)
        encoder.progressive = progressive
        encoder.declaredSize = (12_000, 12_000)
        let bytes = encoder.encode(TestImage.testCard(width: 64, height: 48))
        let path = folder.path.appending("turn.jpg")
        // 1500 x 1500 blocks of 128 bytes: 275 MiB once, 550 MiB with the turned copy.
        let turned = try #require(throws: ImagingError.self) {
            try TurboJPEGHandle(path: path).transformUpright(bytes, orientation: 6, limit: .standard, path: path)
        }
        #expect(turned.reason == .transformOverMemoryBudget(bytes: 576_000_000, limitMegapixels: 250))
        #expect(
            turned.reasonDescription
                == "turning it upright needs 550 MiB for its coefficients, over the 250 MiB budget of the "
                + "250-megapixel limit (raise max-megapixels to turn it)")
        let flipped = try #require(throws: ImagingError.self) {
            try TurboJPEGHandle(path: path).transformUpright(bytes, orientation: 2, limit: .standard, path: path)
        }
        #expect(flipped.reason == .transformOverMemoryBudget(bytes: 288_000_000, limitMegapixels: 250))
    }
}
