import PhotoSupport

/// Names writers give a file while it is being written, before renaming it into place: never
/// indexed under that name (the rename brings the final one).
///
/// Hidden names cover most: an editor's or `curl`'s `.foo.jpg.XXXX`, Syncthing's
/// `.syncthing.foo.jpg.tmp`, rsync's `.foo.jpg.XXXXXX`; the rest are the suffixes browsers
/// and copy tools use. photolib's own (`.name.tmp-PID-N`) are hidden too.
enum TemporaryNames {
    static let suffixes: [String] = [".tmp", ".part", ".partial", ".crdownload", ".download", "~", "_exiftool_tmp"]

    /// True when `name` (one path component) is a name a file only has while being written.
    /// Hidden names count only when the watcher leaves hidden files alone, or when they follow
    /// a known tool's pattern.
    static func isTemporary(_ name: [UInt8], includeHidden: Bool) -> Bool {
        let text = String(decoding: name, as: UTF8.self)
        if text.hasPrefix(".") {
            if !includeHidden { return true }
            if text.hasPrefix(".syncthing.") || text.hasPrefix(".~") || text.contains(".tmp-") { return true }
            // rsync: ".name.XXXXXX", six characters after the last dot.
            if let dot = text.lastIndex(of: "."), dot != text.startIndex,
                text.distance(from: text.index(after: dot), to: text.endIndex) == 6
            {
                return true
            }
        }
        let lowered = text.lowercased()
        return suffixes.contains { lowered.hasSuffix($0) }
    }
}
