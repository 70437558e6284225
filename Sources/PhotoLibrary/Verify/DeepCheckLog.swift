import Foundation
import PhotoCatalog
import PhotoSupport

/// When each asset's content was last re-hashed by `verify --deep`, kept in
/// `.photolib/deep-checks` so that a long check cut short (or run a slice at a time from
/// cron) goes on where it stopped instead of starting over.
///
/// One line per check, `<id hex> <unix seconds>`, appended as each batch is done: a kill loses
/// at most the batch under way, and a torn last line is ignored when read. The last line of an
/// id wins. The file is rewritten, one line per asset, once it holds many more lines than the
/// assets it speaks of. A file of this machine's: with a shared PostgreSQL catalog each machine
/// checks the disk it reads.
struct DeepCheckLog {
    static let fileName = "deep-checks"

    let path: RawPath
    private(set) var checkedAt: [AssetID: Int64] = [:]
    private var lineCount = 0

    init(library: Library) {
        path = library.controlDirectory.appending(Self.fileName)
        guard let bytes = try? FileSystem.readFile(path) else { return }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count == 2, let id = AssetID(hex: String(decoding: fields[0], as: UTF8.self)),
                let seconds = Int64(String(decoding: fields[1], as: UTF8.self))
            else { continue }
            checkedAt[id] = seconds
            lineCount += 1
        }
    }

    /// True when `id` was checked after `cutoff` (unix seconds).
    func checked(_ id: AssetID, since cutoff: Int64) -> Bool {
        (checkedAt[id] ?? Int64.min) > cutoff
    }

    /// Records the checks of a batch, appending them to the file.
    mutating func record(_ ids: [AssetID], at seconds: Int64) throws {
        guard !ids.isEmpty else { return }
        var text = ""
        for id in ids {
            checkedAt[id] = seconds
            text += "\(id.hex) \(seconds)\n"
        }
        lineCount += ids.count
        try append(Array(text.utf8))
    }

    /// True when the file holds more than twice the lines of the ids it speaks of.
    var needsCompaction: Bool { lineCount > 2 * max(checkedAt.count, 1000) }

    /// Rewrites the file with one line per asset still in `known` (the catalog's).
    mutating func compact(keeping known: Set<AssetID>) throws {
        checkedAt = checkedAt.filter { known.contains($0.key) }
        let text = checkedAt.sorted { $0.key.hex < $1.key.hex }.map { "\($0.key.hex) \($0.value)\n" }.joined()
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
        lineCount = checkedAt.count
    }

    private func append(_ bytes: [UInt8]) throws {
        // Never through a link planted in the library's folder.
        let descriptor = path.withCString { open($0, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno, operation: "open") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw FileSystemError(path: path, reason: .notARegularFile)
        }
        guard FileSystem.writeAll(bytes, to: descriptor) else {
            throw FileSystemError(path: path, errno: errno, operation: "write")
        }
    }
}
