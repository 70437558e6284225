import Foundation
import PhotoSupport

/// Hands a file to a viewer program without a shell: `$PHOTOLIB_VIEWER` (a program name or
/// path, optionally followed by arguments separated by spaces), else `xdg-open`.
enum ViewerLauncher {
    static let environmentVariable = "PHOTOLIB_VIEWER"

    /// The argument vector that would open `path`.
    static func arguments(for path: RawPath, environment: [String: String]) -> [[UInt8]] {
        let configured = environment[environmentVariable]?.split(separator: " ").map { Array($0.utf8) } ?? []
        return (configured.isEmpty ? [Array("xdg-open".utf8)] : configured) + [path.bytes]
    }

    /// Starts the viewer and returns its process id; does not wait for it (a viewer may stay open).
    @discardableResult
    static func open(_ path: RawPath, environment: [String: String]) throws -> pid_t {
        let arguments = arguments(for: path, environment: environment)
        var pointers: [UnsafeMutablePointer<CChar>?] =
            arguments.map { bytes in
                let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
                pointer[bytes.count] = 0
                return pointer
            } + [nil]
        defer { for pointer in pointers { pointer?.deallocate() } }
        var child: pid_t = 0
        let code = posix_spawnp(&child, pointers[0]!, nil, nil, &pointers, environ)
        guard code == 0 else {
            throw FileSystemError(path: RawPath(bytes: arguments[0]), errno: code, operation: "posix_spawnp")
        }
        return child
    }
}
