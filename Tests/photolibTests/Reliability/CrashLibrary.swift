import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport
import PhotoTestSupport
import Testing

/// A library of a few hundred distinct photos for the kill tests, and the checks run after each kill.
///
/// The photos are SampleLibrary's (and the corpus's, when this machine has it) copied many
/// times, each copy made distinct by a few bytes after its end-of-image marker: decoders stop
/// at the marker, but the fingerprint differs, so every copy is its own asset with its own
/// renditions, and a moved copy can only be recognised as itself.
final class CrashLibrary {
    let library: TestLibrary
    private(set) var copies = 0

    var root: URL { library.root }

    /// The photos copies are made from.
    /// `withCorpus` adds corpus photos, some with damage an index reports (exit status 2).
    static func sources(withCorpus: Bool = true) throws -> [URL] {
        var sources = try jpegs(under: BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary"))
        if withCorpus, Corpus.isAvailable {
            // A few of each corpus folder: different cameras and layouts, without the corpus's bulk.
            let folders = try FileManager.default.contentsOfDirectory(
                at: Corpus.photos, includingPropertiesForKeys: nil)
            for folder in folders.sorted(by: { $0.path < $1.path }) {
                sources += try jpegs(under: folder).filter(isSmall).prefix(3)
            }
        }
        return sources
    }

    /// Under 1.5 MB: the kill loop is about many writes, not a few slow decodes.
    private static func isSmall(_ url: URL) -> Bool {
        ((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? .max) < 1_500_000
    }

    private static func jpegs(under folder: URL) throws -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        let urls = (walker?.allObjects as? [URL] ?? []).filter {
            ["jpg", "jpeg"].contains($0.pathExtension.lowercased())
        }
        return urls.sorted { $0.path < $1.path }
    }

    /// A library holding `count` distinct copies, initialised with `initArguments`, not indexed yet.
    init(count: Int, withCorpus: Bool = true, initArguments: [String] = []) throws {
        library = try TestLibrary()
        let initialised = try BinaryRunner.run(["init"] + initArguments + [library.root.path])
        try #require(initialised.status == 0, "init: \(initialised.stderr)")
        let sources = try Self.sources(withCorpus: withCorpus)
        try #require(!sources.isEmpty)
        for index in 0..<count {
            try addCopy(of: sources[index % sources.count], folder: "set\(index / 25)")
        }
    }

    /// Adds one more distinct copy of `source` under `folder`; returns its relative path.
    @discardableResult
    func addCopy(of source: URL, folder: String) throws -> String {
        copies += 1
        let relativePath = "\(folder)/\(source.deletingPathExtension().lastPathComponent)-\(copies).jpg"
        let destination = library.url(relativePath)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        var bytes = try Data(contentsOf: source)
        bytes.append(contentsOf: Array("photolib-crash-copy-\(copies)".utf8))
        try bytes.write(to: destination)
        return relativePath
    }

    /// Every photo's path relative to the library, sorted.
    func photoPaths() throws -> [String] {
        let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        let prefix = root.path + "/"
        return (walker?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "jpg" }
            .map { String($0.path.dropFirst(prefix.count)) }
            .sorted()
    }

    /// What the catalog's integrity check (SQLite's own, or the PostgreSQL store's) and its
    /// consistency checks find wrong, whichever store the library uses.
    func integrityProblems() throws -> [String] {
        try Library.open(at: RawPath(root.path), catalogTrust: BinaryRunner.catalogTrust).openCatalog()
            .integrityProblems()
    }

    /// `list --jsonl` by asset id.
    func assetsByID() throws -> [String: [String: Any]] {
        var byID: [String: [String: Any]] = [:]
        for asset in try library.assets() {
            if let id = asset["id"] as? String { byID[id] = asset }
        }
        return byID
    }

    /// Files that a reader could take for a finished rendition or sidecar but that are not
    /// whole: a rendition that is not SOI … EOI, a sidecar without its closing element.
    /// Temporary files (hidden, `.<name>.tmp-…`) are not readers' files and are skipped.
    func halfWrittenFiles() throws -> [String] {
        var broken: [String] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if Self.isTemporaryName(name) { continue }
            let isRendition = url.path.contains("/.photolib/renditions/") && url.pathExtension == "jpg"
            let isSidecar = url.pathExtension.lowercased() == "xmp"
            guard isRendition || isSidecar else { continue }
            let bytes = try Data(contentsOf: url)
            if isRendition, !(bytes.starts(with: [0xFF, 0xD8]) && bytes.suffix(2) == Data([0xFF, 0xD9])) {
                broken.append(url.path)
            }
            if isSidecar, !String(decoding: bytes, as: UTF8.self).contains("</x:xmpmeta>") {
                broken.append(url.path)
            }
        }
        return broken
    }

    /// Temporary files photolib writes before renaming them into place.
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && (name.contains(".tmp-") || name.contains(".photolib-"))
    }

    /// Temporary files anywhere in the library (left by a kill).
    func temporaryFiles() -> [String] {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [String] = []
        while let url = walker?.nextObject() as? URL {
            if Self.isTemporaryName(url.lastPathComponent) { found.append(url.path) }
        }
        return found
    }
}
