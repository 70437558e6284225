import CFFmpeg
import Foundation
import PhotoSupport

/// A video's poster as upright RGB pixels, and the size of the picture it stands for.
package struct VideoPoster {
    package var width: Int
    package var height: Int
    /// Packed RGB, `width * 3` bytes a row.
    package var pixels: [UInt8]
    /// The video's upright size (`VideoProbe.width` x `height`): renditions are sized from it.
    package var displayWidth: Int
    package var displayHeight: Int
}

/// Chooses and decodes a video's poster frame as PhotoPrism and Immich do: the first key
/// frame past a short offset (a tenth of the clip, at most 1 s) that is neither black nor
/// flat, trying a few key frames further on when it is; the first key frame of a clip under
/// a second. Each is decoded alone: no frame past the one chosen is decoded.
enum VideoPosterFrame {
    /// Key frames tried before the least flat of them is taken as it is.
    static let attempts = 6

    /// The poster of the file at `path`, scaled (with libswscale) to fit within `side` on
    /// its long side and turned upright. Refuses a picture over `limit`, or whose frame would
    /// hold more than its decode budget, before a decoder is opened.
    static func poster(of path: RawPath, side: Int, limit: PixelLimit) throws(FFmpegError) -> VideoPoster {
        let input = try FFmpegInput(path: path)
        let probe = try VideoProbe(input)
        guard let best = input.bestStream(AVMEDIA_TYPE_VIDEO), let stream = input.stream(best.index) else {
            throw FFmpegError("no video stream")
        }
        let stored = stream.pointee.codecpar.pointee
        try check(width: Int(stored.width), height: Int(stored.height), limit: limit)
        guard let codec = best.decoder else {
            throw FFmpegError("no decoder for \(String(cString: avcodec_get_name(stored.codec_id))) video")
        }
        let decoder = try FFmpegDecoder(stream: stream, codec: codec)
        let packet = try FFmpegPacket()
        let frame = try FFmpegFrame()
        let size = fitted(width: probe.width, height: probe.height, within: side)
        let orientation = ImageOrientation(exif: probe.orientation)
        let scaled = orientation.stored(width: size.width, height: size.height)

        let duration = probe.duration ?? 0
        let offset = duration < 1 ? 0 : min(1, duration / 10)
        let step = max(1, duration / 10)
        var chosen: (pixels: [UInt8], spread: Double)?
        var failure: FFmpegError?
        var lastTime: Int64?
        for attempt in 0..<(duration < 1 ? 1 : attempts) {
            let target = offset + Double(attempt) * step
            if attempt > 0, target >= duration { break }
            // A container that cannot seek there is read on from where it is.
            if target > 0 { _ = input.seek(toSeconds: target) }
            var found = nextKeyFrame(input, stream: best.index, after: lastTime, into: packet)
            if found == nil, attempt == 0, target > 0, input.seek(toSeconds: 0) {
                // A seek that went past the clip's last key frame (a WebM seeks forward to the
                // next one it knows, and a short VP9 clip has only its first): from the start.
                found = nextKeyFrame(input, stream: best.index, after: nil, into: packet)
            }
            guard let time = found else { break }
            lastTime = time
            do {
                try decoder.decodeAlone(packet, into: frame)
            } catch {
                failure = error
                continue
            }
            try check(width: frame.width, height: frame.height, limit: limit)
            let pixels = try scale(frame, width: scaled.width, height: scaled.height)
            let spread = PosterJudge.spread(of: pixels)
            if spread.isLively {
                chosen = (pixels, .infinity)
                break
            }
            if spread.value > chosen?.spread ?? -1 { chosen = (pixels, spread.value) }
        }
        guard var pixels = chosen?.pixels else { throw failure ?? FFmpegError("no key frame in the video stream") }
        var width = scaled.width
        var height = scaled.height
        if !orientation.isUpright {
            let turned = UnsafeMutablePointer<UInt8>.allocate(capacity: pixels.count)
            defer { turned.deallocate() }
            let result = pixels.withUnsafeMutableBufferPointer { source in
                orientation.apply(
                    to: RGBImage(pixels: source.baseAddress!, width: width, height: height), into: turned)
            }
            pixels = Array(UnsafeBufferPointer(start: turned, count: pixels.count))
            width = result.width
            height = result.height
        }
        return VideoPoster(
            width: width, height: height, pixels: pixels, displayWidth: probe.width, displayHeight: probe.height)
    }

    /// `frame` scaled to `width` x `height`, as packed RGB.
    private static func scale(_ frame: FFmpegFrame, width: Int, height: Int) throws(FFmpegError) -> [UInt8] {
        let scaler = try FFmpegScaler(from: frame, width: width, height: height)
        let count = width * height * 3
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { buffer.deallocate() }
        try scaler.scale(frame, into: buffer, stride: width * 3)
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }

    /// Reads on to the next key frame of stream `index` later than `after`; its time.
    private static func nextKeyFrame(
        _ input: FFmpegInput, stream index: Int, after: Int64?, into packet: FFmpegPacket
    ) -> Int64? {
        // A bound on packets read for one key frame: a clip whose key frames are minutes apart
        // still finds one, a file of endless non-key packets ends here (or at the time budget).
        for _ in 0..<100_000 {
            guard input.read(into: packet) else { return nil }
            guard packet.streamIndex == index, packet.isKey else { continue }
            let time = packet.time ?? Int64.min
            if let after, time != Int64.min, time <= after { continue }
            return time
        }
        return nil
    }

    /// Refuses a frame over the pixel limit, or whose decode would hold more than the
    /// decode budget: a few frames of 8-bit 4:2:0 (a decoder keeps its references) and the
    /// scaled copy.
    static func check(width: Int, height: Int, limit: PixelLimit) throws(FFmpegError) {
        guard width > 0, height > 0 else { throw FFmpegError("the video stream has no size") }
        guard limit.admits(width: width, height: height) else {
            throw FFmpegError(limit.refusal(width: width, height: height))
        }
        let bytes = width * height * 3 / 2 * 4
        guard bytes <= limit.decodeBudget else { throw FFmpegError(limit.decodeRefusal(bytes: bytes)) }
    }

    /// `width` x `height` reduced (never enlarged) to fit within `limit` on its long side,
    /// rounded as the renditions' sizes are (`fitted` in PhotoLibrary), so that the preview
    /// is the poster as it comes.
    static func fitted(width: Int, height: Int, within limit: Int) -> (width: Int, height: Int) {
        let limit = max(1, limit)
        guard width > 0, height > 0 else { return (1, 1) }
        guard max(width, height) > limit else { return (width, height) }
        if width >= height { return (limit, max(1, (2 * height * limit + width) / (2 * width))) }
        return (max(1, (2 * width * limit + height) / (2 * height)), limit)
    }
}

/// Tells a black or flat frame (a fade-in, a lens cap, a title card of one colour) from a
/// picture, by the spread of its brightness.
enum PosterJudge {
    struct Spread {
        var mean: Double
        var value: Double
        /// Not black (mean brightness over 24 of 255) and not flat (a standard deviation over 12).
        var isLively: Bool { mean > 24 && value > 12 }
    }

    /// The mean and standard deviation of brightness over a sample of the RGB pixels.
    static func spread(of pixels: [UInt8]) -> Spread {
        let count = pixels.count / 3
        guard count > 0 else { return Spread(mean: 0, value: 0) }
        let stepPixels = max(1, count / 4096)
        var sum = 0.0
        var squares = 0.0
        var samples = 0.0
        var index = 0
        while index < count {
            let r = Double(pixels[index * 3])
            let g = Double(pixels[index * 3 + 1])
            let b = Double(pixels[index * 3 + 2])
            let luma = 0.299 * r + 0.587 * g + 0.114 * b
            sum += luma
            squares += luma * luma
            samples += 1
            index += stepPixels
        }
        let mean = sum / samples
        return Spread(mean: mean, value: (max(0, squares / samples - mean * mean)).squareRoot())
    }
}
