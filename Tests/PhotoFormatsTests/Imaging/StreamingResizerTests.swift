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
    /// resized image equals the area-averaged one closely. A SampleLibrary photo, and a camera
    /// photo when the corpus is here.
    @Test func resizesDecodedRowsLikeAnAreaAverage() throws {
        var cases = [(SampleFiles.root.appendingPathComponent("2016/mountain-chamonix.jpg").path, 400, 267)]
        if Corpus.isAvailable {
            cases.append(
                (Corpus.photos.appendingPathComponent("exif-samples/exif-org/fujifilm-dx10.jpg").path, 300, 225))
        }
        for (path, width, height) in cases {
            let source = try TestImage.decode(path)
            let resized = Self.resizedInUnevenGroups(source, width: width, height: height)
            let psnr = try #require(resized.psnr(to: source.areaAveraged(width: width, height: height)))
            #expect(psnr >= 35, "\(path): PSNR \(psnr) dB")
        }
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
