/// Halves an RGB image by averaging each 2x2 block: the cheap first step of a big reduction.
///
/// A Lanczos filter reducing 5 times weighs 30 input pixels per output pixel and row; halving
/// first (as libvips shrinks by whole factors before its final Lanczos reduce) leaves it 15 on a
/// quarter of the pixels, for the same look.
package enum ImageHalving {
    /// `image` halved into `target` (room for `byteCount(halving:)` bytes, which may be the
    /// image's own memory: each output byte lands at or before the input bytes it still needs).
    /// An odd last row or column is averaged with itself.
    package static func halved(_ image: RGBImage, into target: UnsafeMutablePointer<UInt8>) -> RGBImage {
        let result = RGBImage(pixels: target, width: (image.width + 1) / 2, height: (image.height + 1) / 2)
        let pairs = image.width / 2
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: image.width * 3 + 16) { sums in
            let sums = sums.baseAddress!
            for y in 0..<result.height {
                let top = UnsafePointer(image.row(2 * y))
                let bottom = UnsafePointer(image.row(min(2 * y + 1, image.height - 1)))
                // Column sums of the two rows, 16 at a time, before any output byte of this row
                // is written (the output may be the image's own memory).
                addRows(top, bottom, count: image.width * 3, into: sums)
                let output = result.row(y)
                for x in 0..<pairs {
                    let left = 6 * x
                    output[3 * x] = UInt8(truncatingIfNeeded: (sums[left] &+ sums[left + 3] &+ 2) >> 2)
                    output[3 * x + 1] = UInt8(truncatingIfNeeded: (sums[left + 1] &+ sums[left + 4] &+ 2) >> 2)
                    output[3 * x + 2] = UInt8(truncatingIfNeeded: (sums[left + 2] &+ sums[left + 5] &+ 2) >> 2)
                }
                if pairs < result.width {
                    let last = 6 * pairs
                    for channel in 0..<3 {
                        output[3 * pairs + channel] = UInt8(truncatingIfNeeded: (2 &* sums[last + channel] &+ 2) >> 2)
                    }
                }
            }
        }
        return result
    }

    /// `top[i] + bottom[i]` for `count` bytes, widened to 16 bits.
    private static func addRows(
        _ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, count: Int, into sums: UnsafeMutablePointer<UInt16>
    ) {
        let first = UnsafeRawPointer(top)
        let second = UnsafeRawPointer(bottom)
        let target = UnsafeMutableRawPointer(sums)
        var index = 0
        while index + 16 <= count {
            let sum =
                SIMD16<UInt16>(truncatingIfNeeded: first.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
                &+ SIMD16<UInt16>(
                    truncatingIfNeeded: second.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self))
            target.storeBytes(of: sum, toByteOffset: 2 * index, as: SIMD16<UInt16>.self)
            index += 16
        }
        while index < count {
            sums[index] = UInt16(top[index]) &+ UInt16(bottom[index])
            index += 1
        }
    }

    /// How many times a `width` x `height` picture is halved before Lanczos takes it to
    /// `target`: while at least four times the target on both sides, so that Lanczos always
    /// reduces by less than 4. Every path that reduces a picture (the whole picture's and the
    /// one that reduces rows as they are decoded) takes this count, so they give the same bytes.
    package static func halvings(width: Int, height: Int, to target: (width: Int, height: Int)) -> Int {
        var (width, height, count) = (width, height, 0)
        while width >= 4 * target.width && height >= 4 * target.height {
            (width, height) = ((width + 1) / 2, (height + 1) / 2)
            count += 1
        }
        return count
    }

    /// Bytes of `image` halved.
    package static func byteCount(halving image: RGBImage) -> Int {
        RGBImage.byteCount(width: (image.width + 1) / 2, height: (image.height + 1) / 2)
    }
}
