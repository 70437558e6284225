import PhotoTestSupport
import Testing

@testable import PhotoFormats

@Suite struct StreamingResizerTests {
    @Test(arguments: [(1500, 1280), (2016, 1280), (1280, 256), (7, 3), (100, 100), (1, 1)])
    func weightsSumToOneAndStayInside(input: Int, output: Int) {
        let weights = ResamplingWeights(inputLength: input, outputLength: output)
        #expect(weights.starts.count == output)
        for index in 0..<output {
            let taps = weights.weights[(index * weights.maxCount)..<(index * weights.maxCount + weights.counts[index])]
            #expect(abs(taps.reduce(0, +) - 1) < 1e-5)
            #expect(weights.starts[index] >= 0 && weights.starts[index] + weights.counts[index] <= input)
        }
        #expect(weights.isIdentity == (input == output))
    }

    /// Resizing a photo's rows keeps a flat area flat and leaves the image where it was: the
    /// resized image equals the area-averaged one closely.
    @Test func resizesDecodedRowsLikeAnAreaAverage() throws {
        let source = try TestImage.decode(SampleFiles.path("2016/mountain-chamonix.jpg"))
        let psnr = try #require(
            Self.resizedInUnevenGroups(source, width: 400, height: 267).psnr(
                to: source.areaAveraged(width: 400, height: 267)))
        #expect(psnr >= 35, "PSNR \(psnr) dB")
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func resizesACameraPhotoLikeAnAreaAverage() throws {
        let source = try TestImage.decode(
            Corpus.photos.appendingPathComponent("exif-samples/exif-org/fujifilm-dx10.jpg").path)
        let psnr = try #require(
            Self.resizedInUnevenGroups(source, width: 300, height: 225).psnr(
                to: source.areaAveraged(width: 300, height: 225)))
        #expect(psnr >= 35, "PSNR \(psnr) dB")
    }

    /// `source` through the resizer, its rows pushed in uneven groups as a decoder hands them over.
    static func resizedInUnevenGroups(_ source: TestImage, width: Int, height: Int) -> TestImage {
        let resizer = StreamingResizer()
        var output = [UInt8](repeating: 0, count: RGBImage.byteCount(width: width, height: height))
        output.withUnsafeMutableBufferPointer { buffer in
            let target = RGBImage(pixels: buffer.baseAddress!, width: width, height: height)
            resizer.begin(inputWidth: source.width, inputHeight: source.height, output: target)
            source.pixels.withUnsafeBufferPointer { rows in
                var row = 0
                while row < source.height {
                    let count = min(1 + row % 5, source.height - row)
                    resizer.push(
                        rows: rows.baseAddress! + row * source.width * 3, count: count, stride: source.width * 3)
                    row += count
                }
            }
            #expect(resizer.isComplete)
        }
        return TestImage(width: width, height: height, pixels: output)
    }
}
