import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Reads every photo of the shared corpus and compares it with exiftool's reading in
/// ground-truth.json, field by field, the way shared/tools/compare-with-ground-truth does.
@Suite struct ImageFileReaderGroundTruthTests {
    /// Files where photolib and exiftool disagree on purpose, with the reason ("field path").
    static let knownDifferences: [String: String] = [
        "photos/exif-samples/tests/30-type_error.jpg takenAt":
            "IFD0's ExifOffset is typed as a string; exiftool refuses to follow it, libexif follows it and finds the date",
        "photos/exif-samples/tests/87_OSError.jpg altitude":
            "GPSAltitude without GPSAltitudeRef: read as above sea level (the EXIF default); exiftool gives no altitude",
    ]

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func everyCorpusPhotoMatchesGroundTruth() throws {
        let truth = try GroundTruth.load()
        #expect(truth.files.count > 100)
        var misses: [String] = []
        for (relativePath, expected) in truth.files.sorted(by: { $0.key < $1.key }) {
            let path = RawPath(Corpus.root.appendingPathComponent(relativePath).path)
            let reading: ImageFileReading
            do {
                reading = try ImageFileReader.read(path)
            } catch {
                misses.append("read \(relativePath): \(error)")
                continue
            }
            misses += GroundTruth.differences(reading.metadata, expected, name: relativePath)
        }
        let unexpected = misses.filter { miss in !Self.knownDifferences.keys.contains { miss.hasPrefix($0 + ":") } }
        #expect(unexpected == [], "\(unexpected.count) disagreements with exiftool")
        // A known difference that no longer shows must leave the list.
        let stale = Self.knownDifferences.keys.filter { key in !misses.contains { $0.hasPrefix(key + ":") } }
        #expect(stale == [])
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func fingerprintsAgreeExactlyForIdenticalFiles() throws {
        let truth = try GroundTruth.load()
        var bySHA: [String: Set<String>] = [:]
        var fingerprints: [String: String] = [:]
        for (relativePath, expected) in truth.files {
            let path = RawPath(Corpus.root.appendingPathComponent(relativePath).path)
            fingerprints[relativePath] = try ImageFileReader.read(path).fingerprint
            bySHA[expected["sha256"] as? String ?? relativePath, default: []].insert(relativePath)
        }
        // Same bytes, same fingerprint; different bytes (of these photos), different fingerprints.
        let groups = bySHA.values.map { Set($0.compactMap { fingerprints[$0] }) }
        #expect(groups.allSatisfy { $0.count == 1 })
        #expect(Set(fingerprints.values).count == bySHA.count)
        #expect(
            fingerprints.values.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
    }
}

/// ground-truth.json, and the comparison rules of compare-with-ground-truth.
enum GroundTruth {
    struct Contents {
        var files: [String: [String: Any]]
        var broken: [[String: Any]]
    }

    static func load() throws -> Contents {
        let data = try Data(contentsOf: Corpus.root.appendingPathComponent("ground-truth.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return Contents(
            files: try #require(json["files"] as? [String: [String: Any]]),
            broken: try #require(json["broken"] as? [[String: Any]]))
    }

    static let placeholders: Set<String> = [
        "olympus digital camera", "sony dsc", "digital camera", "default", "sony digital camera",
    ]

    /// The checker's `norm_text`: strip whitespace, then NULs, then whitespace; blanks and
    /// camera boilerplate are nil.
    static func normalised(_ value: Any?) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        let text = "\(value)".trimmingCharacters(in: .whitespacesAndNewlines)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\0"))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty || placeholders.contains(text.lowercased()) ? nil : text
    }

    static func differences(_ got: PhotoMetadata, _ want: [String: Any], name: String) -> [String] {
        var misses: [String] = []
        func check(_ field: String, _ ok: Bool, _ gotValue: Any?, _ wantValue: Any?) {
            if !ok {
                misses.append(
                    "\(name) \(field): got \(String(describing: gotValue)) want \(String(describing: wantValue))")
            }
        }
        let width = want["width"] as? Int
        let height = want["height"] as? Int
        check(
            "pixelSize", got.pixelWidth == width && got.pixelHeight == height,
            [got.pixelWidth, got.pixelHeight], [width, height])
        let displayWidth = want["display_width"] as? Int
        let displayHeight = want["display_height"] as? Int
        check(
            "displaySize", got.displayWidth == displayWidth && got.displayHeight == displayHeight,
            [got.displayWidth, got.displayHeight], [displayWidth, displayHeight])
        check("make", normalised(got.cameraMake) == normalised(want["make"]), got.cameraMake, want["make"])
        check("model", normalised(got.cameraModel) == normalised(want["model"]), got.cameraModel, want["model"])

        let orientation = want["orientation"] as? Int
        check(
            "orientation",
            got.orientation == orientation || ((orientation == nil || orientation == 0) && got.orientation == 1),
            got.orientation, orientation)

        var wantTaken: String?
        if let original = want["date_time_original"] as? String, original.count >= 19, !original.hasPrefix("0000") {
            let characters = Array(original)
            wantTaken =
                String(characters[0..<10]).replacingOccurrences(of: ":", with: "-") + "T" + String(characters[11..<19])
        }
        let gotTaken = got.takenAt?.iso8601
        // ground-truth.json has EXIF's DateTimeOriginal only: a date photolib found in XMP or
        // IPTC (EmbeddedDateAndGPSTests) is checked against it only when EXIF has one too.
        let fromElsewhere = got.takenAtSource != .exif && got.takenAtSource != nil && wantTaken == nil
        check(
            "takenAt",
            fromElsewhere || (gotTaken == nil && wantTaken == nil)
                || (gotTaken != nil && wantTaken != nil && gotTaken!.hasPrefix(wantTaken!)),
            gotTaken, wantTaken)
        if let offset = want["offset_time_original"] as? String {
            check("utcOffset", got.takenAt?.utcOffset == offset, got.takenAt?.utcOffset, offset)
        }

        let latitude = want["gps_latitude"] as? Double
        let longitude = want["gps_longitude"] as? Double
        if let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180 {
            let ok = got.gps.map { abs($0.latitude - latitude) < 1e-6 && abs($0.longitude - longitude) < 1e-6 } ?? false
            check("gps", ok, got.gps, [latitude, longitude])
            let altitude = want["gps_altitude"] as? Double
            check(
                "altitude",
                altitude.map { wanted in got.gps?.altitude.map { abs($0 - wanted) < 1e-6 } ?? false }
                    ?? (got.gps?.altitude == nil),
                got.gps?.altitude, altitude)
        } else {
            check("gps", got.gps == nil, got.gps, nil)
        }

        if want["has_xmp"] as? Bool != true, want["has_iptc"] as? Bool != true {
            // exiftool's text with the caption filter's rules applied (its checker knows only
            // five phrases; docs/guide.md's "Camera boilerplate" says what else is).
            let wantCaption = ["image_description", "user_comment", "xp_comment"].lazy.compactMap {
                CaptionFilter.meaningful(
                    normalised(want[$0]), make: normalised(want["make"]), model: normalised(want["model"]))
            }.first
            check("caption", normalised(got.caption) == wantCaption, got.caption, wantCaption)
        }
        return misses
    }
}
