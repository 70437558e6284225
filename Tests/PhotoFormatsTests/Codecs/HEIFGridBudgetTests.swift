import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// A HEIF whose primary item is a `grid` of lighthouse.heic's one HEVC image, built box by
/// box: an honest grid decodes; one that references a tile thousands of times, or whose
/// descriptor claims more than its `ispe`, is refused from its claims before libheif decodes.
@Suite struct HEIFGridBudgetTests {
    /// lighthouse.heic's `hvcC` box and coded image.
    static func tile() throws -> (configuration: [UInt8], data: [UInt8]) {
        let file = try FormatFixtures.bytes("lighthouse.heic")
        let top = BoxReader(file)
        let meta = try #require(top.children(from: 0)?.first { $0.type == "meta" })
        let metaBox = BoxReader(Array(file[meta.start..<meta.end]))
        let children = try #require(metaBox.children(from: 4))
        var items: [UInt32: HEIFBoxes.Item] = [:]
        var configuration: [UInt8] = []
        for child in children {
            if child.type == "iloc" { #expect(HEIFBoxes.readLocations(metaBox, child, into: &items)) }
            if child.type == "iprp" {
                let ipco = try #require(
                    metaBox.children(from: child.start, end: child.end)?.first { $0.type == "ipco" })
                let hvcC = try #require(metaBox.children(from: ipco.start, end: ipco.end)?.first { $0.type == "hvcC" })
                configuration = Array(metaBox.bytes[(hvcC.start - 8)..<hvcC.end])
            }
        }
        let extent = try #require(items[1]?.extents.first)
        return (configuration, Array(file[Int(extent.offset)..<Int(extent.offset + extent.length)]))
    }

    static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        be32(content.count + 8) + Array(type.utf8) + content
    }
    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// A HEIC whose primary item 1 is a grid of `rows` x `columns` with the given output size
    /// and `ispe`, referencing item 2 (the lighthouse tile, whose `ispe` is `tileSize`)
    /// `references` times.
    static func gridFile(
        rows: Int, columns: Int, output: (Int, Int), ispe: (Int, Int), references: Int,
        tileSize: (Int, Int) = (96, 144)
    ) throws -> [UInt8] {
        let tile = try tile()
        let fileType = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        func meta(tileOffset: Int) -> [UInt8] {
            var handler: [UInt8] = be32(0) + be32(0)
            handler += Array("pict".utf8)
            handler += be32(0) + be32(0) + be32(0) + [0]
            let grid: [UInt8] = [2, 0, 0, 0] + be16(1) + be16(0) + Array("grid".utf8) + [0]
            let hidden: [UInt8] = [2, 0, 0, 1] + be16(2) + be16(0) + Array("hvc1".utf8) + [0]
            let info = box("iinf", be32(0) + be16(2) + box("infe", grid) + box("infe", hidden))
            var dimg: [UInt8] = be16(1) + be16(references)
            for _ in 0..<references { dimg += be16(2) }
            var properties: [UInt8] = tile.configuration
            properties += box("ispe", be32(0) + be32(tileSize.0) + be32(tileSize.1))
            properties += box("ispe", be32(0) + be32(ispe.0) + be32(ispe.1))
            // Item 1 (the grid): its ispe (property 3); item 2 (the tile): hvcC (essential), ispe.
            var associations: [UInt8] = be32(0) + be32(2)
            associations += be16(1) + [1, 0x83]
            associations += be16(2) + [2, 0x81, 0x02]
            var descriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)]
            descriptor += be16(output.0) + be16(output.1)
            // iloc version 1: 4-byte offsets and lengths; the grid in idat, the tile in mdat.
            var location: [UInt8] = [1, 0, 0, 0, 0x44, 0x00] + be16(2)
            location += be16(1) + be16(1) + be16(0) + be16(1) + be32(0) + be32(descriptor.count)
            location += be16(2) + be16(0) + be16(0) + be16(1) + be32(tileOffset) + be32(tile.data.count)
            var content: [UInt8] = be32(0) + box("hdlr", handler) + box("pitm", be32(0) + be16(1)) + info
            content += box("iref", be32(0) + box("dimg", dimg))
            content += box("iprp", box("ipco", properties) + box("ipma", associations))
            content += box("iloc", location) + box("idat", descriptor)
            return box("meta", content)
        }
        let metaSize = meta(tileOffset: 0).count
        return fileType + meta(tileOffset: fileType.count + metaSize + 8) + box("mdat", tile.data)
    }

    static func decode(_ bytes: [UInt8], limit: PixelLimit) throws -> (Int, Int) {
        try bytes.withUnsafeBytes { data in
            try FormatDecoder().decode(.heif, data: data, limit: limit, path: RawPath("grid.heic")) {
                ($0.image.width, $0.image.height)
            }
        }
    }

    static func reason(_ bytes: [UInt8], limit: PixelLimit) -> ImagingError.Reason? {
        do {
            _ = try decode(bytes, limit: limit)
            return nil
        } catch let error as ImagingError {
            return error.reason
        } catch {
            return nil
        }
    }

    @Test func anHonestGridDecodesWithinTheBudget() throws {
        let bytes = try Self.gridFile(rows: 1, columns: 1, output: (96, 144), ispe: (96, 144), references: 1)
        let claim = bytes.withUnsafeBytes { HEIFBoxes.grid($0) }
        #expect(
            claim == .grid(.init(outputWidth: 96, outputHeight: 144, tiles: 1, tileWidth: 96, tileHeight: 144)))
        // 4 megapixels: a budget of 8 MiB, which a 96x144 grid is well within.
        #expect(try Self.decode(bytes, limit: PixelLimit(megapixels: 4)) == (96, 144))
    }

    @Test func aTileReferencedThousandsOfTimesIsChargedForEveryDecode() throws {
        // 40 x 50 = 2,000 decodes of a 96x144 tile: 27.6 megapixels decoded, while the
        // grid's ispe and output say 96x144.
        let bytes = try Self.gridFile(rows: 40, columns: 50, output: (96, 144), ispe: (96, 144), references: 2000)
        let claim = bytes.withUnsafeBytes { HEIFBoxes.grid($0) }
        guard case .grid(let grid) = claim else {
            Issue.record("not read as a grid: \(claim)")
            return
        }
        #expect(grid.tiles == 2000)
        #expect(grid.pixels == 2000 * 96 * 144)
        let reason = Self.reason(bytes, limit: PixelLimit(megapixels: 4))
        guard case .decodeOverMemoryBudget(let needed, 4) = reason else {
            Issue.record("a 2,000-tile grid was not refused by its budget: \(String(describing: reason))")
            return
        }
        #expect(needed >= 2000 * 96 * 144 * 9)
    }

    @Test func tilesClaimingMoreThanTheyHoldAreChargedByTheirClaim() throws {
        // 2,000 tiles whose ispe says 512x512: 524 megapixels, gigabytes at the standard limit.
        let bytes = try Self.gridFile(
            rows: 40, columns: 50, output: (96, 144), ispe: (96, 144), references: 2000, tileSize: (512, 512))
        guard case .decodeOverMemoryBudget = Self.reason(bytes, limit: .standard) else {
            Issue.record("a grid of 2,000 claimed 512x512 tiles was not refused at the standard limit")
            return
        }
    }

    @Test func anOutputLargerThanTheIspeIsCheckedAgainstThePixelLimit() throws {
        let bytes = try Self.gridFile(rows: 1, columns: 1, output: (20000, 20000), ispe: (96, 144), references: 1)
        #expect(
            Self.reason(bytes, limit: .standard)
                == .tooManyPixels(width: 20000, height: 20000, limitMegapixels: 250))
    }
}
