/// Reduces a picture that arrives a few rows at a time, as a decoder delivers them, into a
/// smaller output image, without the whole picture ever being in memory.
///
/// The steps are those `RenditionMaker` applies to a whole decoded picture, so the bytes are
/// the same: halved by 2x2 averages (`ImageHalving`) while that leaves at least four times
/// the output on both sides, then Lanczos (`StreamingResizer`) to the exact size. Halving
/// `n` times turns each aligned block of `2^n` rows into one row whatever the rows around it,
/// so a block is all that is held (an odd last block is halved as the whole picture's odd last
/// row is: averaged with itself). An output the size of the input gets the rows as they are.
package final class RowReducer {
    private let resizer = StreamingResizer()
    private let blockStorage = PixelStorage<UInt8>()
    private var output = RGBImage(pixels: UnsafeMutablePointer(bitPattern: 1)!, width: 0, height: 0)
    private var inputWidth = 0
    private var inputHeight = 0
    private var halvings = 0
    /// Rows of the current block received, and rows received in all.
    private var blockFill = 0
    private var received = 0

    package init() {}

    /// Prepares to reduce an `inputWidth` x `inputHeight` picture into `output`, whose size
    /// sets the target; `output`'s rows are written as they are finished.
    package func begin(inputWidth: Int, inputHeight: Int, output: RGBImage) {
        self.inputWidth = inputWidth
        self.inputHeight = inputHeight
        self.output = output
        blockFill = 0
        received = 0
        halvings = 0
        guard (inputWidth, inputHeight) != (output.width, output.height) else { return }
        halvings = ImageHalving.halvings(width: inputWidth, height: inputHeight, to: (output.width, output.height))
        var (width, height) = (inputWidth, inputHeight)
        for _ in 0..<halvings { (width, height) = ((width + 1) / 2, (height + 1) / 2) }
        if halvings > 0 { _ = blockStorage.reserve(RGBImage.byteCount(width: inputWidth, height: 1 << halvings)) }
        resizer.begin(inputWidth: width, inputHeight: height, output: output)
    }

    /// True once every row of the picture has been pushed.
    package var isComplete: Bool { received == inputHeight }

    /// Takes the picture's next `count` rows (`inputWidth` RGB pixels each, `stride` bytes apart).
    package func push(rows: UnsafePointer<UInt8>, count: Int, stride: Int) {
        let count = min(count, inputHeight - received)
        guard count > 0 else { return }
        if (inputWidth, inputHeight) == (output.width, output.height) {
            for index in 0..<count {
                output.row(received + index).update(from: rows + index * stride, count: inputWidth * 3)
            }
            received += count
            return
        }
        guard halvings > 0 else {
            resizer.push(rows: rows, count: count, stride: stride)
            received += count
            return
        }
        let blockRows = 1 << halvings
        let rowBytes = inputWidth * 3
        for index in 0..<count {
            (blockStorage.base + blockFill * rowBytes).update(from: rows + index * stride, count: rowBytes)
            blockFill += 1
            received += 1
            if blockFill == blockRows || received == inputHeight { reduceBlock() }
        }
    }

    /// The block's rows halved `halvings` times in place, to one row for the resizer.
    private func reduceBlock() {
        var block = RGBImage(pixels: blockStorage.base, width: inputWidth, height: blockFill)
        for _ in 0..<halvings { block = ImageHalving.halved(block, into: block.pixels) }
        resizer.push(rows: block.pixels, count: block.height, stride: block.stride)
        blockFill = 0
    }
}
