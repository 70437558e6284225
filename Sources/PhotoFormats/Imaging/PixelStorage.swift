/// Memory a worker keeps between images, grown when an image needs more and freed in `deinit`.
///
/// Rendering allocates the same few buffers for every photo; keeping them per worker saves
/// the allocation and the page faults of touching fresh memory each time.
package final class PixelStorage<Element> {
    package private(set) var base: UnsafeMutablePointer<Element>
    package private(set) var capacity: Int

    package init() {
        capacity = 0
        base = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    }

    deinit {
        base.deallocate()
    }

    /// Room for at least `count` elements; the contents are undefined after growing.
    package func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            base.deallocate()
            base = UnsafeMutablePointer<Element>.allocate(capacity: count)
            capacity = count
        }
        return base
    }

    /// Gives the memory back when an unusual image made it much larger than usual.
    package func shrink(to count: Int) {
        guard capacity > count else { return }
        base.deallocate()
        base = UnsafeMutablePointer<Element>.allocate(capacity: max(1, count))
        capacity = max(1, count)
    }
}

/// An RGB image, three bytes a pixel, rows `stride` bytes apart, in memory owned elsewhere.
package struct RGBImage {
    package var pixels: UnsafeMutablePointer<UInt8>
    package var width: Int
    package var height: Int
    package var stride: Int

    package init(pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stride = width * 3
    }

    /// Bytes of a tightly packed image of this size.
    package static func byteCount(width: Int, height: Int) -> Int { width * height * 3 }

    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { pixels + y * stride }
}
