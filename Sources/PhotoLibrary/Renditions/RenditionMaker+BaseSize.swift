import PhotoFormats

/// The size every rendition of a photo is made from, shared by `write` and the decoders that
/// reduce a picture as they decode it.
extension RenditionMaker {
    /// The size, displayed, of the image every rendition of a `display`-sized picture is made from.
    func baseSize(
        display: (width: Int, height: Int), format: ImageFormat, missing: [RenditionKind]
    ) -> (width: Int, height: Int) {
        let largest = min(
            largestSide(of: missing),
            format.renditionSourceSide(displayWidth: display.width, displayHeight: display.height))
        return fitted(width: display.width, height: display.height, within: largest)
    }

    /// `baseSize` in stored orientation, for a picture stored at `width` x `height`: what a
    /// decoder that reduces as it decodes (`FormatDecoder.Reduction`) is asked for, so that
    /// `write` finds the picture at its base size already.
    func storedBaseSize(
        width: Int, height: Int, format: ImageFormat, orientation: ImageOrientation, missing: [RenditionKind]
    ) -> (width: Int, height: Int) {
        let display = orientation.displayed(width: width, height: height)
        let base = baseSize(display: display, format: format, missing: missing)
        return orientation.stored(width: base.width, height: base.height)
    }
}
