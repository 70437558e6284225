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

    /// Starts the viewer with `environment` as its own (the command's, so that what a test or
    /// caller gave photolib is what the viewer gets) and returns its process id; does not
    /// wait for it (a viewer may stay open). `posix_spawnp` searches the caller's `PATH`.
    @discardableResult
    static func open(_ path: RawPath, environment: [String: String]) throws -> pid_t {
        let arguments = arguments(for: path, environment: environment)
        var argv = cStrings(arguments)
        var envp = cStrings(environment.map { Array("\($0.key)=\($0.value)".utf8) })
        defer {
            for pointer in argv + envp { pointer?.deallocate() }
        }
        var child: pid_t = 0
        let code = posix_spawnp(&child, argv[0]!, nil, nil, &argv, &envp)
        guard code == 0 else {
            throw FileSystemError(path: RawPath(bytes: arguments[0]), errno: code, operation: "posix_spawnp")
        }
        return child
    }

    /// NUL-terminated copies of `strings`, then the nil that ends a C array of them.
    private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
    }
}
