import Foundation

/// The temporary files of `FileSystem.writeAtomically` (`.<name>.tmp-<pid>-<random>`) that a
/// killed process left behind.
///
/// No reader ever takes such a file for the real one (readers open the final name, which only
/// a rename fills), so leaving one costs only disk space; it is removed once the process that
/// wrote it is gone. A file whose writer is still alive (a concurrent render) is left alone.
public enum AbandonedTemporaries {
    /// Removes the abandoned temporaries in `directory` and its subfolders; returns how many.
    /// Folders that cannot be read are skipped: this is housekeeping, never a reason to fail.
    @discardableResult
    public static func remove(under directory: RawPath) -> Int {
        var removed = 0
        for path in find(under: directory) where path.withCString({ unlink($0) }) == 0 { removed += 1 }
        return removed
    }

    /// The abandoned temporaries in `directory` and its subfolders (symlinks not followed).
    public static func find(under directory: RawPath) -> [RawPath] {
        FileWalker(includeHidden: true, followsSymlinks: false).walk([directory]).files.map(\.path).filter { path in
            guard let pid = writerProcess(ofTemporaryNamed: path.lastComponent.bytes) else { return false }
            return !isAlive(pid)
        }
    }

    /// The process id in a temporary file's name, or nil when the name is not one: the
    /// `.tmp-<pid>-<n>` of `writeAtomically`, or the `.photolib-<pid>-<n>` of a moved file's copy
    /// and of `catalog copy`'s SQLite file (with SQLite's `-wal`, `-shm` or `-journal` beside it).
    static func writerProcess(ofTemporaryNamed name: [UInt8]) -> pid_t? {
        guard name.first == UInt8(ascii: ".") else { return nil }
        for suffix in ["-wal", "-shm", "-journal"] where name.count > suffix.utf8.count {
            let stem = Array(name.dropLast(suffix.utf8.count))
            if name.suffix(suffix.utf8.count).elementsEqual(suffix.utf8),
                stem.lastRange(of: Array(".photolib-".utf8)) != nil
            {
                return writerProcess(ofTemporaryNamed: stem)
            }
        }
        let start =
            name.lastRange(of: Array(".tmp-".utf8))?.upperBound
            ?? name.lastRange(of: Array(".photolib-".utf8))?.upperBound
        guard let start else { return nil }
        let fields = name[start...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard fields.count == 2, !fields[1].isEmpty, fields[1].allSatisfy(isDigit),
            let pid = pid_t(String(decoding: fields[0], as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// False only when no process has this id (a process of another user still counts as alive).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}

extension Array where Element == UInt8 {
    fileprivate func lastRange(of needle: [UInt8]) -> Range<Int>? {
        guard count >= needle.count else { return nil }
        for start in stride(from: count - needle.count, through: 0, by: -1)
        where self[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
