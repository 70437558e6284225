import Foundation

@testable import PhotoSupport

/// Short clips made at run time with FFmpeg's `ffmpeg` command (Debian's `ffmpeg`), for the
/// tests of video reading: a test that needs one is skipped with `skipMessage` without it.
package enum MovieClips {
    package static let ffmpeg = executable("ffmpeg")
    package static let ffprobe = executable("ffprobe")
    package static let exiftool = executable("exiftool")
    package static var isAvailable: Bool { ffmpeg != nil }
    package static let skipMessage = "ffmpeg is not installed: the video tests need it to make their clips"

    /// The first `name` on the usual system folders.
    package static func executable(_ name: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Makes `name` in `folder`: `seconds` of a test pattern at `size` and `rate` (with a tone
    /// unless `audio` is false), then `arguments` (metadata, `-movflags`…) before the output.
    @discardableResult
    package static func make(
        _ name: String, in folder: TemporaryDirectory, seconds: Double = 1, size: String = "320x240", rate: Int = 25,
        codec: String = "libx264", audio: Bool = true, arguments: [String] = []
    ) throws -> RawPath {
        let output = folder.path.appending(name)
        var command = [
            "-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=\(size):rate=\(rate)",
        ]
        if audio { command += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"] }
        command += ["-t", "\(seconds)", "-c:v", codec, "-pix_fmt", "yuv420p"]
        if audio { command += ["-c:a", "aac"] }
        try run(ffmpeg, command + arguments + [output.description])
        return output
    }

    /// Remuxes `source` into `name` with `arguments` (`-metadata:s:v:0 rotate=90`: ffmpeg 5
    /// writes a track matrix only when copying streams).
    @discardableResult
    package static func remux(
        _ source: RawPath, to name: String, in folder: TemporaryDirectory, arguments: [String]
    ) throws -> RawPath {
        let output = folder.path.appending(name)
        try run(
            ffmpeg,
            ["-y", "-loglevel", "error", "-i", source.description, "-c", "copy"] + arguments + [output.description])
        return output
    }

    /// ffprobe's JSON of a file's streams and format.
    package static func probe(_ path: RawPath) throws -> [String: Any] {
        let data = try run(ffprobe, ["-v", "error", "-show_streams", "-show_format", "-of", "json", path.description])
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// exiftool's `-json -n` reading of a file (numbers as numbers).
    package static func exiftoolTags(_ path: RawPath, _ tags: [String] = []) throws -> [String: Any] {
        let data = try run(exiftool, ["-json", "-n", "-api", "LargeFileSupport=1"] + tags + [path.description])
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return list.first ?? [:]
    }

    package struct ToolFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs a tool, returning its standard output; throws with its standard error on failure.
    @discardableResult
    package static func run(_ tool: String?, _ arguments: [String]) throws -> Data {
        guard let tool else { throw ToolFailure(description: "tool not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(
                description: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
        }
        return data
    }
}
