/// Turns decoded CMYK pixels into RGB.
///
/// Without a colour-management engine this is the naive conversion every browser and Pillow
/// use: each RGB channel is the paper left after its ink and the black. It is close enough for
/// a rendition; an embedded CMYK profile is not carried over, because the result is not CMYK.
enum InkConversion {
    /// Converts `count` pixels of four bytes (C, M, Y, K as libjpeg gives them) to three-byte RGB.
    /// `inverted` is true for Adobe files, which store 255 for no ink (Photoshop writes them so).
    static func convert(_ ink: UnsafePointer<UInt8>, to rgb: UnsafeMutablePointer<UInt8>, count: Int, inverted: Bool) {
        for pixel in 0..<count {
            let source = ink + pixel * 4
            var cyan = UInt32(source[0])
            var magenta = UInt32(source[1])
            var yellow = UInt32(source[2])
            var black = UInt32(source[3])
            if !inverted {
                cyan = 255 - cyan
                magenta = 255 - magenta
                yellow = 255 - yellow
                black = 255 - black
            }
            let target = rgb + pixel * 3
            target[0] = productOver255(cyan, black)
            target[1] = productOver255(magenta, black)
            target[2] = productOver255(yellow, black)
        }
    }

    /// `a * b / 255` rounded, for bytes, without a division.
    @inline(__always)
    private static func productOver255(_ a: UInt32, _ b: UInt32) -> UInt8 {
        let product = a * b + 128
        return UInt8(truncatingIfNeeded: (product + (product >> 8)) >> 8)
    }
}
