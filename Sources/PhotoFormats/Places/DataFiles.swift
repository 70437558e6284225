import Foundation
import PhotoSupport

/// Finds the data files photolib ships (the gazetteer, its NOTICE) at run time, wherever
/// the binary was built or installed.
public enum DataFiles {
    /// Names a folder that is searched first (tests, packagers, a relocated install).
    public static let environmentVariable = "PHOTOLIB_DATA_DIR"

    /// The first existing file called `name` in, in order: `$PHOTOLIB_DATA_DIR`;
    /// `<bin>/../share/photolib/` beside the running executable (after `make install`);
    /// the package's `Data/` when the executable sits in its `.build/` tree. Nil when none has it.
    public static func locate(_ name: String) -> RawPath? {
        locate(name, environment: ProcessInfo.processInfo.environment, executable: currentExecutable())
    }

    static func locate(_ name: String, environment: [String: String], executable: RawPath?) -> RawPath? {
        for directory in searchDirectories(environment: environment, executable: executable) {
            let candidate = directory.appending(name)
            if let info = FileSystem.status(candidate), (info.st_mode & S_IFMT) == S_IFREG { return candidate }
        }
        return nil
    }

    /// The folders `locate` looks in, in order.
    static func searchDirectories(environment: [String: String], executable: RawPath?) -> [RawPath] {
        var directories: [RawPath] = []
        if let named = environment[environmentVariable], !named.isEmpty { directories.append(RawPath(named)) }
        guard let executable else { return directories }
        let binDirectory = executable.parent
        directories.append(binDirectory.parent.appending("share/photolib"))
        // .build/<config>/photolib or .build/<triple>/<config>/photolib: the package is the
        // folder holding `.build`, if it also holds Package.swift.
        var folder = binDirectory
        for _ in 0..<4 {
            if folder.lastComponent == RawPath(".build") {
                let package = folder.parent
                if FileSystem.exists(package.appending("Package.swift")) {
                    directories.append(package.appending("Data"))
                }
                break
            }
            let parent = folder.parent
            if parent == folder { break }
            folder = parent
        }
        return directories
    }

    /// The running executable with symlinks resolved (`/proc/self/exe`), else `argv[0]` resolved.
    static func currentExecutable() -> RawPath? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        if count > 0 { return RawPath(bytes: Array(buffer[..<count])) }
        guard let first = CommandLine.arguments.first, let resolved = realpath(first, nil) else { return nil }
        defer { free(resolved) }
        return RawPath(
            bytes: Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved)))
                .map { UInt8(bitPattern: $0) })
    }
}
