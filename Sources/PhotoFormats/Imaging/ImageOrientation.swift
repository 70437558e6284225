/// The eight EXIF orientations, as the copy that makes an image display upright.
///
/// EXIF orientation says how the stored pixels must be flipped and turned for display:
/// 1 as stored, 2 mirrored, 3 turned 180°, 4 flipped, 5 transposed, 6 turned 90° clockwise,
/// 7 transversed, 8 turned 90° counter-clockwise. Anything else is treated as 1.
package struct ImageOrientation: Equatable {
    package let value: Int

    package init(exif value: Int) {
        self.value = (1...8).contains(value) ? value : 1
    }

    /// 5...8 turn the image a quarter, so its displayed width is its stored height.
    var swapsAxes: Bool { value >= 5 }

    package var isUpright: Bool { value == 1 }

    /// The displayed size of an image stored at `width` x `height`.
    package func displayed(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The stored size of an image displayed at `width` x `height` (the same swap).
    package func stored(width: Int, height: Int) -> (width: Int, height: Int) {
        displayed(width: width, height: height)
    }

    /// Writes `source` as displayed into `target` (room for as many pixels) and returns it.
    /// Copies in small tiles: turning an image a quarter reads it down columns, which
    /// would otherwise miss the cache on every pixel.
    package func apply(to source: RGBImage, into target: UnsafeMutablePointer<UInt8>) -> RGBImage {
        let size = displayed(width: source.width, height: source.height)
        let result = RGBImage(pixels: target, width: size.width, height: size.height)
        // Where displayed pixel (0, 0) comes from, and how far one step right or down moves in the source.
        let lastColumn = (source.width - 1) * 3
        let lastRow = (source.height - 1) * source.stride
        let (origin, stepX, stepY): (Int, Int, Int) =
            switch value {
            case 2: (lastColumn, -3, source.stride)
            case 3: (lastRow + lastColumn, -3, -source.stride)
            case 4: (lastRow, 3, -source.stride)
            case 5: (0, source.stride, 3)
            case 6: (lastRow, -source.stride, 3)
            case 7: (lastRow + lastColumn, -source.stride, -3)
            case 8: (lastColumn, source.stride, -3)
            default: (0, 3, source.stride)
            }
        let tile = 32
        let start = UnsafePointer(source.pixels) + origin
        for tileY in stride(from: 0, to: result.height, by: tile) {
            for tileX in stride(from: 0, to: result.width, by: tile) {
                for y in tileY..<min(tileY + tile, result.height) {
                    var from = start + y * stepY + tileX * stepX
                    var to = result.row(y) + tileX * 3
                    for _ in tileX..<min(tileX + tile, result.width) {
                        to[0] = from[0]
                        to[1] = from[1]
                        to[2] = from[2]
                        from += stepX
                        to += 3
                    }
                }
            }
        }
        return result
    }
}
