import Testing

@testable import PhotoFormats
@testable import PhotoLibrary

@Suite struct RenditionSpecTests {
    @Test func standardSpecsFollowTheSettings() {
        var settings = LibrarySettings()
        settings.thumbnailSize = 300
        settings.previewSize = 2000
        settings.quality = 90
        #expect(
            RenditionSpec.standard(.thumbnail, settings: settings)
                == RenditionSpec(kind: .thumbnail, maxDimension: 300, quality: 90))
        #expect(
            RenditionSpec.standard(.preview, settings: settings)
                == RenditionSpec(kind: .preview, maxDimension: 2000, quality: 90))
        #expect(RenditionSpec.standard(.preview, settings: LibrarySettings()).description == "preview-1280-q82")
    }

    /// The long side becomes the limit, the short one keeps the aspect ratio to the nearest pixel.
    @Test(arguments: [(6000, 4000), (4000, 6000), (4608, 1976), (1281, 1), (1, 5000), (2561, 1707)])
    func fitsTheLongSideAndKeepsTheAspectRatio(width: Int, height: Int) {
        let spec = RenditionSpec(kind: .preview, maxDimension: 1280, quality: 82)
        let size = spec.fittedSize(displayWidth: width, displayHeight: height, format: .jpeg)
        #expect(max(size.width, size.height) == 1280)
        let exactShortSide = Double(min(width, height)) * 1280 / Double(max(width, height))
        let shortSide = min(size.width, size.height)
        #expect(shortSide >= 1)
        #expect(abs(Double(shortSide) - exactShortSide) <= 0.5 || (shortSide == 1 && exactShortSide < 1))
        #expect((width >= height) == (size.width >= size.height))
    }

    @Test(arguments: [(100, 75), (1280, 1280), (1280, 3), (640, 480)])
    func neverEnlarges(width: Int, height: Int) {
        let size = RenditionSpec(kind: .preview, maxDimension: 1280, quality: 82).fittedSize(
            displayWidth: width, displayHeight: height, format: .jpeg)
        #expect(size.width == width && size.height == height)
    }

    @Test func shrinkOnLoadPicksTheSmallestScaleThatStillCoversTheTarget() {
        for (width, height) in [(6000, 4000), (4032, 3024), (1800, 1200), (10240, 200), (2561, 1707), (2560, 1707)] {
            let target = fitted(width: width, height: height, within: 1280)
            let denominator = DownscalingDecoder.shrinkDenominator(
                width: width, height: height,
                targetWidth: target.width, targetHeight: target.height)
            #expect([1, 2, 4, 8].contains(denominator))
            let scaled = ((width + denominator - 1) / denominator, (height + denominator - 1) / denominator)
            #expect(scaled.0 >= target.width && scaled.1 >= target.height, "\(width)x\(height) at 1/\(denominator)")
            if denominator < 8 {
                let half = denominator * 2
                let smaller = ((width + half - 1) / half, (height + half - 1) / half)
                #expect(smaller.0 < target.width || smaller.1 < target.height, "\(width)x\(height): 1/\(half) would do")
            }
        }
    }
}

/// A raw's renditions stop at LibRaw's half-size picture, the largest photolib makes of it
/// without a full demosaic: a small raw's preview is that picture, not an enlargement of it.
@Suite struct RawRenditionSizeTests {
    let preview = RenditionSpec(kind: .preview, maxDimension: 1280, quality: 82)
    let thumbnail = RenditionSpec(kind: .thumbnail, maxDimension: 256, quality: 82)

    @Test func aRawsSourceSideIsItsHalfSizeDecodeAndOtherFormatsTheirOwn() {
        #expect(ImageFormat.raw.renditionSourceSide(displayWidth: 2312, displayHeight: 1720) == 1156)
        #expect(ImageFormat.raw.renditionSourceSide(displayWidth: 1721, displayHeight: 2313) == 1157)
        for format in ImageFormat.allCases where format != .raw {
            #expect(format.renditionSourceSide(displayWidth: 2312, displayHeight: 1720) == 2312, "\(format)")
        }
    }

    /// The corpus's CRW (LibRaw: 2312x1720, half 1156x860) and KDC (768x512, half 384x256), a
    /// turned one, and a modern raw whose half size is larger than the preview anyway.
    @Test(arguments: [
        (2312, 1720, 1156, 860, 256, 190), (768, 512, 384, 256, 256, 171), (1720, 2312, 860, 1156, 190, 256),
        (6000, 4000, 1280, 853, 256, 171), (300, 200, 150, 100, 150, 100),
    ])
    func rawRenditionsFitTheHalfSizePicture(
        width: Int, height: Int, previewWidth: Int, previewHeight: Int, thumbnailWidth: Int, thumbnailHeight: Int
    ) {
        let made = preview.fittedSize(displayWidth: width, displayHeight: height, format: .raw)
        #expect(made == (previewWidth, previewHeight))
        let small = thumbnail.fittedSize(displayWidth: width, displayHeight: height, format: .raw)
        #expect(small == (thumbnailWidth, thumbnailHeight))
        // The same photo as a JPEG is only ever reduced to the box.
        let jpeg = preview.fittedSize(displayWidth: width, displayHeight: height, format: .jpeg)
        #expect(max(jpeg.width, jpeg.height) == min(1280, max(width, height)))
    }
}
