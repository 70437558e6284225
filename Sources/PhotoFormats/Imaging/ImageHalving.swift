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
        for y in 0..<result.height {
            let top = UnsafePointer(image.row(2 * y))
            let bottom = UnsafePointer(image.row(min(2 * y + 1, image.height - 1)))
            let output = result.row(y)
            for x in 0..<result.width {
                let left = 6 * x
                let right = 3 * min(2 * x + 1, image.width - 1)
                for channel in 0..<3 {
                    let sum =
                        UInt16(top[left + channel]) + UInt16(top[right + channel])
                        + UInt16(bottom[left + channel]) + UInt16(bottom[right + channel])
                    output[3 * x + channel] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
                }
            }
        }
        return result
    }

    /// Bytes of `image` halved.
    package static func byteCount(halving image: RGBImage) -> Int {
        RGBImage.byteCount(width: (image.width + 1) / 2, height: (image.height + 1) / 2)
    }
}
