import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// GIF, BMP, PSD and animated WebP files made at test time by ImageMagick (and img2webp)
/// from a SampleLibrary JPEG, and ImageMagick's own decode of each as the oracle: its
/// readers share no code with giflib's use here, nor with photolib's BMP and PSD readers.
enum StillFormatFixtures {
    static let convert = MovieClips.executable("convert")
    static let identify = MovieClips.executable("identify")
    static let exiftool = MovieClips.executable("exiftool")
    static let img2webp = MovieClips.executable("img2webp")
    static var isAvailable: Bool { convert != nil && identify != nil && exiftool != nil }
    static let skipMessage = "ImageMagick or exiftool is not installed: the GIF/BMP/PSD tests make their files with it"

    /// The picture every fixture is made from: a sample photo at 96x144, as PNG.
    static func source(in folder: TemporaryDirectory, side: String = "96x144!") throws -> RawPath {
        let output = folder.path.appending("source-\(side.filter(\.isNumber)).png")
        try MovieClips.run(
            convert,
            [SampleFiles.path("2016/lighthouse-portrait.jpg").description, "-resize", side, output.description])
        return output
    }

    /// `convert` with `arguments`, writing `name` in `folder`.
    @discardableResult
    static func make(_ name: String, in folder: TemporaryDirectory, _ arguments: [String]) throws -> RawPath {
        let output = folder.path.appending(name)
        try MovieClips.run(convert, arguments + [output.description])
        return output
    }

    /// ImageMagick's first frame on white, at its canvas size, as RGB. A PSD's composite as
    /// stored, its transparency channel left out: Photoshop writes it matted on white already
    /// (ImageMagick would "unblend" white from it, then flatten it back).
    static func oracle(_ path: RawPath) throws -> [UInt8] {
        let arguments =
            path.description.hasSuffix(".psd")
            ? ["-define", "psd:alpha-unblend=off", path.description + "[0]", "-alpha", "off"]
            : [path.description + "[0]", "-background", "white", "-flatten"]
        return [UInt8](try MovieClips.run(convert, arguments + ["-depth", "8", "rgb:-"]))
    }

    /// exiftool's ImageWidth and ImageHeight.
    static func exiftoolSize(_ path: RawPath) throws -> (Int, Int) {
        let text = String(
            decoding: try MovieClips.run(exiftool, ["-s3", "-ImageWidth", "-ImageHeight", path.description]),
            as: UTF8.self)
        let numbers = text.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 2 else { throw OracleFailure(said: text) }
        return (numbers[0], numbers[1])
    }

    struct OracleFailure: Error { let said: String }

    /// ImageMagick's count of frames.
    static func frameCount(_ path: RawPath) throws -> Int {
        let text = String(decoding: try MovieClips.run(identify, ["-format", "%n\n", path.description]), as: UTF8.self)
        return Int(text.split(separator: "\n").first ?? "") ?? 0
    }

    /// Mean absolute difference per channel between a decode and the oracle's bytes.
    static func meanDifference(_ image: RGBImage, _ oracle: [UInt8]) -> Double {
        guard oracle.count == image.width * image.height * 3 else { return .infinity }
        var total = 0
        for y in 0..<image.height {
            let row = image.row(y)
            for x in 0..<image.width * 3 { total += abs(Int(row[x]) - Int(oracle[y * image.width * 3 + x])) }
        }
        return Double(total) / Double(oracle.count)
    }
}
