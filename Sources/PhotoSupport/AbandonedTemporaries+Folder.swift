import Foundation
import Synchronization

extension AbandonedTemporaries {
    /// Temporaries younger than this are left alone however dead their writer looks: on a
    /// folder shared between machines (a NAS), the writer may be alive on another machine,
    /// under a process id this one cannot see. A write takes milliseconds.
    public static let minimumAge: TimeInterval = 60

    /// Removes what a killed photolib left in `folder` itself (not its subfolders), before
    /// another write there: `.<name>.tmp-<pid>-<n>` files (`writeAtomically`),
    /// `.<name>.photolib-<pid>-<n>` files (a moved original's copy) and
    /// `.<name>.photolib-export-<pid>/` folders (an export's staging folder, with the staged
    /// file in it). Only entries named by these patterns, of the right type (a regular file,
    /// or for the staging folder a real folder holding only its own files), whose writer is
    /// no live process here and that changed at least `minimumAge` ago; no symlink is
    /// followed or removed. Each folder is looked at once per process (a batch of writes
    /// into one folder lists it once). Returns how many entries were removed; a folder that
    /// cannot be listed is skipped: housekeeping is never a reason to fail a write.
    @discardableResult
    public static func removeAbandoned(in folder: DirectoryHandle, now: Date = Date()) -> Int {
        var info = stat()
        guard fstat(folder.descriptor, &info) == 0,
            foldersCleaned.withLock({
                $0.insert(FolderKey(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
            })
        else { return 0 }
        return sweep(folder, now: now)
    }

    /// `removeAbandoned(in:)` without the once-per-process memory (which knows folders by
    /// device and inode, so a test's deleted folder can pass its inode on to the next one).
    static func sweep(_ folder: DirectoryHandle, now: Date = Date()) -> Int {
        var removed = 0
        for name in entryNames(of: folder.descriptor) {
            guard let entry = folder.status(RawPath(bytes: name)), isOldEnough(entry, now: now) else { continue }
            switch entry.st_mode & S_IFMT {
            case S_IFREG:
                guard let pid = writerProcess(ofTemporaryNamed: name), !isAlive(pid) else { continue }
                if (try? folder.unlink(RawPath(bytes: name))) == true { removed += 1 }
            case S_IFDIR:
                guard let pid = exportStagingProcess(ofFolderNamed: name), !isAlive(pid),
                    removeStagingFolder(name, in: folder)
                else { continue }
                removed += 1
            default:
                continue
            }
        }
        return removed
    }

    /// `removeAbandoned(in:)` for the folder at `path` (opened as the path says: the folder a
    /// command was told to write into; its entries are never followed).
    @discardableResult
    public static func removeAbandoned(inFolder path: RawPath, now: Date = Date()) -> Int {
        guard let folder = try? DirectoryHandle.open(root: path) else { return 0 }
        return removeAbandoned(in: folder, now: now)
    }

    /// The process id in an export staging folder's name, `.<name>.photolib-export-<pid>`.
    static func exportStagingProcess(ofFolderNamed name: [UInt8]) -> pid_t? {
        let marker = Array(".photolib-export-".utf8)
        guard name.first == UInt8(ascii: "."), name.count > marker.count + 1 else { return nil }
        for start in stride(from: name.count - marker.count - 1, through: 1, by: -1)
        where name[start..<(start + marker.count)].elementsEqual(marker) {
            let digits = name[(start + marker.count)...]
            guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }),
                let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0
            else { return nil }
            return pid
        }
        return nil
    }

    /// Empties and removes a staging folder whose entries are all its own: the staged file
    /// (the name the folder is named for) and `writeAtomically`'s temporaries, regular files
    /// all. Anything else in it keeps the folder, untouched.
    private static func removeStagingFolder(_ name: [UInt8], in folder: DirectoryHandle) -> Bool {
        let marker = Array(".photolib-export-".utf8)
        guard let start = (1..<name.count).reversed().first(where: { name[$0...].starts(with: marker) }) else {
            return false
        }
        let staged = Array(name[1..<start])
        let descriptor = RawPath(bytes: name).withCString {
            openat(folder.descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let entries = entryNames(of: descriptor)
        let own = entries.allSatisfy { entry in
            var info = stat()
            let isFile =
                RawPath(bytes: entry).withCString { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) } == 0
                && (info.st_mode & S_IFMT) == S_IFREG
            let ownName =
                entry == staged
                || (entry.starts(with: [UInt8(ascii: ".")] + staged + Array(".tmp-".utf8))
                    && writerProcess(ofTemporaryNamed: entry) != nil)
            return isFile && ownName
        }
        guard own else { return false }
        for entry in entries { _ = RawPath(bytes: entry).withCString { unlinkat(descriptor, $0, 0) } }
        return RawPath(bytes: name).withCString { unlinkat(folder.descriptor, $0, AT_REMOVEDIR) } == 0
    }

    /// The names in an open folder, without `.` and `..`; empty when it cannot be listed.
    private static func entryNames(of descriptor: Int32) -> [[UInt8]] {
        // A descriptor of its own, so that reading the listing moves no one else's offset.
        let own = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard own >= 0 else { return [] }
        guard let stream = fdopendir(own) else {
            close(own)
            return []
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [46] || name == [46, 46] { continue }
            names.append(name)
        }
        return names
    }

    private static func isOldEnough(_ info: stat, now: Date) -> Bool {
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return now.timeIntervalSince1970 - modified >= minimumAge
    }

    private struct FolderKey: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The folders this process has cleaned already.
    private static let foldersCleaned = Mutex<Set<FolderKey>>([])
}
