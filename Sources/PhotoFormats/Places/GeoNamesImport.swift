import Foundation
import PhotoSupport

extension Gazetteer {
    /// Reads a GeoNames dump (the 19-column tab-separated format of `cities500.txt`,
    /// `cities1000.txt` or `allCountries.txt`), keeps its populated places (feature class P)
    /// and returns them ready to write as a gazetteer (`GazetteerBuilder.write(to:)`).
    ///
    /// GeoNames dumps carry admin1 codes but no admin1 names, and no country names: both
    /// are taken from `reference` (normally the shipped gazetteer) where it has them, and
    /// are otherwise the bare codes. The dump is streamed, so `allCountries.txt` (1.6 GB)
    /// needs memory only for the places it keeps.
    public static func importGeoNames(dump: RawPath, names reference: Gazetteer?) throws -> GazetteerBuilder {
        var builder = GazetteerBuilder()
        let admin1Names = reference?.admin1Names ?? [:]
        for (code, name) in reference?.countryNames ?? [:] { try builder.addCountry(code: code, name: name) }
        try DumpLineReader.forEachLine(of: dump) { line, number in
            guard let place = try parseDumpLine(line, number: number, dump: dump) else { return }
            var named = place
            let key = Admin1Key(countryCode: place.countryCode, code: place.admin1Code)
            named.admin1Name = admin1Names[key] ?? place.admin1Code
            do { try builder.addPlace(named) } catch let error as GazetteerError {
                if case .invalidEntry(let why) = error.reason {
                    throw GazetteerError(path: dump, reason: .badDumpLine(line: number, why))
                }
                throw error
            }
        }
        guard builder.placeCount > 0 else { throw GazetteerError(path: dump, reason: .noPlaces) }
        return builder
    }

    /// One dump line as a place (admin1 name still the code), or nil for a line that is not
    /// a populated place (other feature classes, comments, blank lines).
    static func parseDumpLine(_ line: ArraySlice<UInt8>, number: Int, dump: RawPath) throws -> GazetteerPlace? {
        if line.isEmpty || line.first == UInt8(ascii: "#") { return nil }
        func bad(_ why: String) -> GazetteerError {
            GazetteerError(path: dump, reason: .badDumpLine(line: number, why))
        }
        // Only the first 18 columns matter (the 18th is the time zone); find where they start
        // without splitting the rest.
        let wanted = 18
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: wanted + 1) { starts in
            var count = 1
            starts[0] = line.startIndex
            var index = line.startIndex
            while count < wanted + 1, let tab = line[index...].firstIndex(of: UInt8(ascii: "\t")) {
                starts[count] = tab + 1
                count += 1
                index = tab + 1
            }
            func field(_ column: Int) -> ArraySlice<UInt8> {
                let end = column + 1 < count ? starts[column + 1] - 1 : line.endIndex
                return line[starts[column]..<end]
            }
            guard count >= 15 else {
                throw bad("\(count) tab-separated columns where GeoNames has 19")
            }
            guard field(6).elementsEqual(CollectionOfOne(UInt8(ascii: "P"))) else { return nil }
            func text(_ column: Int) -> String { String(decoding: field(column), as: UTF8.self) }
            guard let latitude = Double(text(4)), let longitude = Double(text(5)),
                abs(latitude) <= 90, abs(longitude) <= 180
            else {
                throw bad("latitude '\(text(4))' or longitude '\(text(5))' is not a coordinate")
            }
            var population = 0
            if !field(14).isEmpty {
                guard let value = Int(text(14)), value >= 0 else {
                    throw bad("population '\(text(14))' is not a number")
                }
                population = value
            }
            let name = field(1).isEmpty ? text(2) : text(1)
            if name.isEmpty { return nil }
            let admin1 = text(10)
            let zone = count > 17 ? text(17) : ""
            return GazetteerPlace(
                name: name, latitude: latitude, longitude: longitude, population: population,
                countryCode: text(8), admin1Code: admin1, admin1Name: admin1, timeZone: zone.isEmpty ? nil : zone)
        }
    }
}

/// Streams a text file line by line in large chunks, without holding all of it.
enum DumpLineReader {
    static func forEachLine(of path: RawPath, _ body: (ArraySlice<UInt8>, Int) throws -> Void) throws {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno, operation: "open") }
        defer { close(descriptor) }
        let chunkSize = 1 << 20
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var pending: [UInt8] = []
        var lineNumber = 0
        func emit(_ line: ArraySlice<UInt8>) throws {
            lineNumber += 1
            try body(line.last == UInt8(ascii: "\r") ? line.dropLast() : line, lineNumber)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno, operation: "read")
            }
            if count == 0 { break }
            pending.append(contentsOf: chunk[..<count])
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try emit(pending[start..<newline])
                start = newline + 1
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { try emit(pending[...]) }
    }
}
