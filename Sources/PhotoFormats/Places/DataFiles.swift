import Foundation
import PhotoSupport

/// Where the data files photolib ships (the gazetteer, its NOTICE) are found at run time,
/// wherever the binary was built or installed.
///
/// A value, not a lookup of the process's own state: the command line builds it from its
/// environment and the running executable, tests from whatever they like.
public struct DataFiles: Sendable, Equatable {
    /// Names a folder that is searched first (tests, packagers, a relocated install).
    public static let environmentVariable = "PHOTOLIB_DATA_DIR"

    /// The folders searched, in order.
    public let searchDirectories: [RawPath]

    public init(searchDirectories: [RawPath]) {
        self.searchDirectories = searchDirectories
    }

    /// In order: `$PHOTOLIB_DATA_DIR` from `environment`; `<bin>/../share/photolib/` beside
    /// `executable` (after `make install`); the package's `Data/` when the executable sits
    /// in its `.build/` tree.
    public init(environment: [String: String], executable: RawPath?) {
        searchDirectories = Self.searchDirectories(environment: environment, executable: executable)
    }

    /// The folders beside the running executable, with no `$PHOTOLIB_DATA_DIR`: what a
    /// library opened without being told otherwise (tests, tools) falls back on.
    public static func besideRunningExecutable() -> DataFiles {
        DataFiles(environment: [:], executable: currentExecutable())
    }

    /// The first existing file called `name` in the search folders; nil when none has it.
    public func locate(_ name: String) -> RawPath? {
        for directory in searchDirectories {
            let candidate = directory.appending(name)
            if let info = FileSystem.status(candidate), (info.st_mode & S_IFMT) == S_IFREG { return candidate }
        }
        return nil
    }

    private static func searchDirectories(environment: [String: String], executable: RawPath?) -> [RawPath] {
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
    public static func currentExecutable() -> RawPath? {
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
