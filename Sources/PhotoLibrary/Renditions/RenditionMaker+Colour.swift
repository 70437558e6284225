import PhotoFormats
import PhotoSupport

/// The renditions' colour step: a source's colours converted into the library's rendition
/// colours (`renditionColour`, sRGB by default) once, on the largest rendition's pixels, after
/// the reduction, so that it costs a preview's pixels and not the original's. Two exceptions
/// are converted row by row as they are decoded: a CMYK JPEG's ink, since the reduction works
/// on RGB, and a 16-bit PNG's or TIFF's rows, whose 16 bits would otherwise be reduced to 8
/// before the conversion (`FormatDecoder.Decoded.isConverted`).
extension RenditionMaker {
    /// What to do to the reduced pixels, and what to say about the source's colours.
    struct ColourStep {
        /// Nil when the pixels are in the renditions' colours already.
        var transform: ColourTransform?
        /// What the source's colours were called, for the catalog.
        var sourceName: String?
        /// Why the source's description could not be used, for one line of output.
        var warning: String?
    }

    /// The step for RGB pixels described by `description` (nil: sRGB). A description that
    /// cannot be used gives the pixels as sRGB, and says why.
    func colourStep(for description: ColourDescription?) -> ColourStep {
        switch ColourTransforms.lookup(description, input: .rgb, target: settings.colourTarget) {
        case .identity(let name): return ColourStep(transform: nil, sourceName: name)
        case .transform(let transform): return ColourStep(transform: transform, sourceName: transform.sourceName)
        case .unusable(let error):
            var step = colourStep(for: nil)
            step.warning = "colour profile not used (\(error)); its colours are taken as sRGB"
            return step
        }
    }

    /// For a JPEG: the transform its ink goes through as it is decoded (CMYK and YCCK with a
    /// usable CMYK profile), and the step after the reduction. Ink without a profile (or with
    /// one that cannot be used) is converted the naive way, then taken as sRGB.
    func colourSteps(
        for description: ColourDescription?, header: JPEGHeader
    ) -> (ink: ColourTransform?, after: ColourStep) {
        guard let input = header.inkInput else { return (nil, colourStep(for: description)) }
        guard let description else {
            var step = colourStep(for: nil)
            step.sourceName = "CMYK"
            return (nil, step)
        }
        switch ColourTransforms.lookup(description, input: input, target: settings.colourTarget) {
        case .transform(let transform):
            return (transform, ColourStep(transform: nil, sourceName: transform.sourceName))
        case .identity(let name):
            return (nil, ColourStep(transform: nil, sourceName: name))
        case .unusable(let error):
            var step = colourStep(for: nil)
            step.sourceName = "CMYK"
            step.warning = "colour profile not used (\(error)); its ink is converted without it"
            return (nil, step)
        }
    }

    /// `image` in the renditions' colours: itself when there is nothing to do, else a copy
    /// in `colourStorage` (the decoder's pixels may be memory the maker does not own).
    func convert(_ image: RGBImage, _ step: ColourStep) -> RGBImage {
        guard let transform = step.transform else { return image }
        let output = RGBImage(
            pixels: colourStorage.reserve(RGBImage.byteCount(width: image.width, height: image.height)),
            width: image.width, height: image.height)
        transform.apply(image, into: output)
        return output
    }
}
