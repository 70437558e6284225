import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The shared corpus's files of each format (`formats/`) against exiftool's reading of them
/// (`ground-truth.exiftool.json`): size, orientation, capture time, camera and GPS.
@Suite struct FormatGroundTruthTests {
    static let folder = Corpus.root.appendingPathComponent("formats")
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("ground-truth.exiftool.json").path)
    }
    static let skipMessage = "the shared corpus's formats/ folder is not on this machine"

    /// Files photolib refuses on purpose, with the reason.
    static let refused: [String: String] = [
        "IMG_5195.HEIC": "truncated: its item data runs past the end of the file (libheif refuses it)"
    ]

    /// The formats whose readers are done; the corpus's other files wait for theirs.
    static let implemented: Set<ImageFormat> = [.jpeg, .heif, .png, .raw, .webp, .tiff]

    /// Where photolib and exiftool disagree on purpose ("file field").
    static let knownDifferences: [String: String] = [
        "CRW_0304.CRW width":
            "LibRaw's visible sensor area (2312x1720) is larger than the size Canon recorded (2272x1704)",
        "CRW_0304.CRW height": "as its width",
        "DC0008L.KDC width": "LibRaw's visible area (768x512) against the raw SubIFD's recorded 756x504",
        "DC0008L.KDC height": "as its width",
    ]

    static func load() throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("ground-truth.exiftool.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test(.enabled(if: isAvailable, Comment(rawValue: skipMessage)))
    func everyFileMatchesExiftool() throws {
        var misses: [String] = []
        var read = 0
        for entry in try Self.load() {
            let name = String((entry["SourceFile"] as? String ?? "").dropFirst(2))
            let path = RawPath(Self.folder.appendingPathComponent(name).path)
            let head = try FileSystem.readFile(path).prefix(4096)
            guard let format = Array(head).withUnsafeBytes({ ImageFormat.detect($0) }),
                Self.implemented.contains(format)
            else { continue }
            let reading: ImageFileReading
            do {
                reading = try ImageFileReader.read(path)
            } catch {
                if Self.refused[name] == nil { misses.append("\(name) read: \(error)") }
                continue
            }
            read += 1
            misses += Self.differences(reading.metadata, entry, name: name)
        }
        #expect(read >= 9)
        let unexpected = misses.filter { miss in !Self.knownDifferences.keys.contains { miss.hasPrefix($0 + ":") } }
        #expect(unexpected == [])
    }

    static func differences(_ metadata: PhotoMetadata, _ tags: [String: Any], name: String) -> [String] {
        var misses: [String] = []
        func check<T: Equatable>(_ field: String, _ got: T?, _ wanted: T?) {
            if got != wanted {
                misses.append(
                    "\(name) \(field): photolib \(String(describing: got)), exiftool \(String(describing: wanted))")
            }
        }
        let sizeGroups = ["SubIFD", "CanonRaw", "PNG", "RIFF", "File", "IFD0"]
        let width = sizeGroups.lazy.compactMap { tags["\($0):ImageWidth"] as? Int }.first
        let height = sizeGroups.lazy.compactMap { tags["\($0):ImageHeight"] as? Int }.first
        check("width", metadata.pixelWidth, width)
        check("height", metadata.pixelHeight, height)
        let orientation = (tags["IFD0:Orientation"] ?? tags["XMP-tiff:Orientation"]) as? Int ?? 1
        check("orientation", metadata.orientation, orientation)
        let date = (tags["ExifIFD:DateTimeOriginal"] ?? tags["CanonRaw:DateTimeOriginal"]) as? String
        let taken = date.map { text -> String in
            let parts = text.split(separator: " ")
            return parts[0].replacingOccurrences(of: ":", with: "-") + "T" + parts[1]
        }
        check("takenAt", metadata.takenAt?.localTime, taken)
        check("offset", metadata.takenAt?.utcOffset, tags["ExifIFD:OffsetTimeOriginal"] as? String)
        check("make", metadata.cameraMake, (tags["IFD0:Make"] ?? tags["CanonRaw:Make"]) as? String)
        check("model", metadata.cameraModel, (tags["IFD0:Model"] ?? tags["CanonRaw:Model"]) as? String)
        let latitude = tags["Composite:GPSLatitude"] as? Double
        check("gps", metadata.gps.map { ($0.latitude * 1e5).rounded() }, latitude.map { ($0 * 1e5).rounded() })
        return misses
    }
}
