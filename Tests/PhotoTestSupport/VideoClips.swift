import Foundation

/// Small clips made by FFmpeg's `ffmpeg` command for the video tests (so that a fresh clone
/// needs no video fixtures), when this machine has it.
package enum VideoClips {
    package static let ffmpeg: String? = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    package static var isAvailable: Bool { ffmpeg != nil }
    package static let skipMessage = "FFmpeg's ffmpeg command is not installed (apt-get install ffmpeg)"

    /// Makes `name` in `folder` from lavfi sources with `arguments` (between the inputs and
    /// the output name), and returns its path.
    @discardableResult
    package static func make(_ name: String, in folder: URL, _ arguments: [String]) throws -> URL {
        let output = folder.appendingPathComponent(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg ?? "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-loglevel", "error", "-y"] + arguments + [output.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "ffmpeg failed: \(String(decoding: said, as: UTF8.self))"])
        }
        return output
    }

    /// A 2 s landscape 320x240 H.264 clip of a test pattern, 25 fps, a key frame every 10.
    package static func landscape(_ name: String = "clip.mp4", in folder: URL) throws -> URL {
        try make(
            name, in: folder,
            [
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2", "-c:v", "libx264", "-g", "10",
                "-pix_fmt",
                "yuv420p",
            ])
    }

    /// A clip stored 320x240 with a display matrix turning it a quarter (FFmpeg 5's muxer
    /// writes the `rotate` tag as one), as a phone held upright records: shown 240x320.
    package static func portrait(_ name: String = "portrait.mov", in folder: URL) throws -> URL {
        let landscape = try landscape("stored-\(name).mp4", in: folder)
        defer { try? FileManager.default.removeItem(at: landscape) }
        return try make(name, in: folder, ["-i", landscape.path, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
    }

    /// A 4 s clip whose first 2.5 s are black, then a test pattern, key frames every 0.4 s.
    package static func blackStart(_ name: String = "fade.mp4", in folder: URL) throws -> URL {
        try make(
            name, in: folder,
            [
                "-f", "lavfi", "-i", "color=black:size=320x240:rate=25:duration=2.5", "-f", "lavfi", "-i",
                "testsrc=size=320x240:rate=25:duration=1.5", "-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map",
                "[v]", "-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p",
            ])
    }

    /// The header of a YUV4MPEG2 stream claiming `width` x `height` and one frame's tag, no pixels.
    package static func claiming(width: Int, height: Int) -> [UInt8] {
        Array("YUV4MPEG2 W\(width) H\(height) F25:1 Ip A1:1 C420jpeg\nFRAME\n".utf8)
            + [UInt8](repeating: 0x80, count: 64)
    }
}
