import Foundation
import PhotoSupport

/// File systems whose changes inotify does not see when another machine (or a FUSE daemon)
/// makes them: a watch there would stay silent, so those folders are polled instead.
///
/// Told from the mount table (`/proc/self/mounts`), read once per look: the mount that holds
/// a folder is the one with the longest mount point above it.
struct NetworkFileSystem {
    static let networkTypes: Set<String> = [
        "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "afs", "coda", "fuse", "fuseblk", "davfs",
        "glusterfs", "lustre", "gpfs",
    ]

    /// Mount points (as bytes) and their types, longest first.
    let mounts: [(point: [UInt8], type: String)]

    init(table: String = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? "") {
        var mounts: [(point: [UInt8], type: String)] = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            mounts.append((Self.unescaped(fields[1]), String(fields[2])))
        }
        self.mounts = mounts.sorted { $0.point.count > $1.point.count }
    }

    /// What kind of network or FUSE mount holds `path` (absolute); nil for a local one.
    func kind(at path: RawPath) -> String? {
        for mount in mounts {
            let point = mount.point
            let inside =
                point == [UInt8(ascii: "/")] || path.bytes == point
                || (path.bytes.starts(with: point) && path.bytes.count > point.count
                    && path.bytes[point.count] == UInt8(ascii: "/"))
            guard inside else { continue }
            let type = mount.type
            return Self.networkTypes.contains(type) || type.hasPrefix("fuse.") ? type : nil
        }
        return nil
    }

    /// The kernel writes a space in a mount point as `\040` (and tab, newline, backslash alike).
    static func unescaped(_ field: Substring) -> [UInt8] {
        let bytes = Array(field.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count,
                let value = UInt8(String(decoding: bytes[(index + 1)...(index + 3)], as: UTF8.self), radix: 8)
            {
                out.append(value)
                index += 4
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
