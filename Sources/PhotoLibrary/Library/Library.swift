import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// A photo library: a folder tree of photos plus the `.photolib/` folder photolib owns.
///
/// The core has no working directory: paths given here are absolute (a relative one is
/// read from `/`); the command line makes what the user typed absolute first.
public final class Library: Sendable {
    /// Absolute path of the folder that holds `.photolib/`.
    public let root: RawPath
    public let settings: LibrarySettings
    /// Where the data photolib ships is found (the gazetteer, when the library has none of its own).
    public let dataFiles: DataFiles
    /// The PostgreSQL addresses the user trusts: the settings' `catalog` gets the user's
    /// password only when listed (`catalogLocation`).
    public let catalogTrust: CatalogTrust
    /// What was wrong with settings.json when it was read (a value out of its range, replaced
    /// by the default), one line each naming the file and the key, for the command line to show.
    public let settingsWarnings: [String]

    public static let controlDirectoryName = ".photolib"
    /// The environment variable that names a library when `--library` does not.
    public static let environmentVariable = "PHOTOLIB_LIBRARY"

    public var controlDirectory: RawPath { root.appending(Library.controlDirectoryName) }
    public var catalogPath: RawPath { controlDirectory.appending("catalog.sqlite") }
    public var settingsPath: RawPath { controlDirectory.appending("settings.json") }
    public var renditionsDirectory: RawPath { absolutePath(of: Library.renditionsRelativeDirectory) }
    /// The renditions folder, relative to the root (writes there are confined from the root).
    public static let renditionsRelativeDirectory = RawPath(controlDirectoryName).appending("renditions")
    /// The trash, relative to the root (trashed originals' `Asset.trashLocation` lie in it).
    public static let trashRelativeDirectory = RawPath(controlDirectoryName).appending("trash")
    public var trashDirectory: RawPath { absolutePath(of: Library.trashRelativeDirectory) }

    private init(
        root: RawPath, settings: LibrarySettings, dataFiles: DataFiles, catalogTrust: CatalogTrust,
        settingsWarnings: [String] = []
    ) {
        self.root = root
        self.settings = settings
        self.dataFiles = dataFiles
        self.catalogTrust = catalogTrust
        self.settingsWarnings = settingsWarnings
    }

    /// Makes `root/.photolib/` with its settings and folders. An existing library is an error.
    public static func create(
        at root: RawPath, settings: LibrarySettings = LibrarySettings(),
        dataFiles: DataFiles = .besideRunningExecutable(), catalogTrust: CatalogTrust = .none
    ) throws -> Library {
        let root = root.absolute(currentDirectory: RawPath("/"))
        guard FileSystem.isDirectory(root) else {
            throw LibraryError(path: root, reason: FileSystem.exists(root) ? .notADirectory : .noSuchDirectory)
        }
        let unmarked = Library(root: root, settings: settings, dataFiles: dataFiles, catalogTrust: catalogTrust)
        if FileSystem.exists(unmarked.settingsPath) { throw LibraryError(path: root, reason: .alreadyExists) }
        try FileSystem.createDirectory(unmarked.renditionsDirectory)
        try FileSystem.createDirectory(unmarked.trashDirectory)
        // The catalog first: the settings file is what makes the folder a library.
        var marked = settings
        marked.libraryID = try unmarked.createCatalog()
        if settings.catalog == nil { marked.catalogSchema = SQLiteCatalog.schemaVersion }
        let library = Library(root: root, settings: marked, dataFiles: dataFiles, catalogTrust: catalogTrust)
        try library.writeSettings(marked)
        return library
    }

    /// Opens the library at `root` (which must hold `.photolib/`).
    public static func open(
        at root: RawPath, dataFiles: DataFiles = .besideRunningExecutable(), catalogTrust: CatalogTrust = .none
    ) throws -> Library {
        let root = root.absolute(currentDirectory: RawPath("/"))
        let settingsPath = root.appending(controlDirectoryName).appending("settings.json")
        guard FileSystem.exists(settingsPath) else { throw LibraryError(path: root, reason: .notALibrary) }
        let data = try FileSystem.readFile(settingsPath)
        do {
            let (settings, warnings) = try JSONDecoder().decode(LibrarySettings.self, from: Data(data)).validated()
            return Library(
                root: root, settings: settings, dataFiles: dataFiles, catalogTrust: catalogTrust,
                settingsWarnings: warnings.map { "\(settingsPath): \($0)" })
        } catch {
            throw LibraryError(path: settingsPath, reason: .unreadableSettings("\(error)"))
        }
    }

    /// Finds the library a command works on, as git finds `.git`: `explicit` (from
    /// `--library`), else `$PHOTOLIB_LIBRARY` in `environment`, else the nearest `.photolib/`
    /// at or above `workingDirectory` (absolute), from which relative names are read too.
    /// The catalogs the user trusts are read from `environment` too (`CatalogTrust`).
    public static func locate(
        explicit: RawPath?, environment: [String: String], workingDirectory: RawPath, dataFiles: DataFiles
    ) throws -> Library {
        let trust = CatalogTrust(environment: environment)
        func open(at root: RawPath, dataFiles: DataFiles) throws -> Library {
            try Library.open(at: root, dataFiles: dataFiles, catalogTrust: trust)
        }
        let workingDirectory = workingDirectory.absolute(currentDirectory: RawPath("/"))
        if let explicit {
            return try open(at: explicit.absolute(currentDirectory: workingDirectory), dataFiles: dataFiles)
        }
        if let named = environment[environmentVariable], !named.isEmpty {
            return try open(at: RawPath(named).absolute(currentDirectory: workingDirectory), dataFiles: dataFiles)
        }
        var candidate = workingDirectory
        while true {
            if FileSystem.isDirectory(candidate.appending(controlDirectoryName)),
                FileSystem.exists(candidate.appending(controlDirectoryName).appending("settings.json"))
            {
                return try open(at: candidate, dataFiles: dataFiles)
            }
            let parent = candidate.parent
            if parent == candidate { break }
            candidate = parent
        }
        throw LibraryError(path: workingDirectory, reason: .noLibraryFound)
    }

    /// Replaces the settings file atomically (see `writeControlFile`).
    public func writeSettings(_ settings: LibrarySettings) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(settings)
        try writeControlFile(Array(data) + [UInt8(ascii: "\n")], name: RawPath("settings.json"))
    }

    /// Replaces (or creates) the file `name` in `.photolib/` atomically: a temporary file and
    /// a rename inside the folder opened from the root through no symlink, as renditions and
    /// the trash are. A planted link (`.photolib` itself, or `settings.json`, `gazetteer.bin`)
    /// is refused, so that no write leaves the library; `verify` reports such links.
    public func writeControlFile(_ data: [UInt8], name: RawPath) throws {
        let folder = try DirectoryHandle.open(
            root: root, relative: RawPath(Library.controlDirectoryName), create: false)
        if let info = folder.status(name), (info.st_mode & S_IFMT) == S_IFLNK {
            let link = controlDirectory.appending(name)
            throw ConfinedPathError(path: link, reason: .throughSymlink(link.description))
        }
        // (writeAtomically removes what a killed writer left in the folder first.)
        try folder.writeAtomically(data, name: name)
    }

    /// The path of a file in the library (absolute, or relative to the root), relative to
    /// its root; nil when outside it.
    public func relativePath(of path: RawPath) -> RawPath? {
        path.absolute(currentDirectory: root).relative(to: root)
    }

    /// The absolute path of a library-relative path.
    public func absolutePath(of relativePath: RawPath) -> RawPath {
        root.appending(relativePath)
    }
}

/// Why a library could not be made, found or opened.
public struct LibraryError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case noSuchDirectory, notADirectory, alreadyExists, notALibrary, noLibraryFound
        /// The library cannot be written by this user (a read-only mount, permissions).
        case readOnly
        case unreadableSettings(String)
        /// `.photolib/` is there but its catalog is not (or is an empty file).
        case catalogMissing, catalogEmpty
        /// The catalog's library id is not the settings' (nil: it carries none).
        case catalogOfAnotherLibrary(expected: String, found: String?)
    }

    public var path: RawPath
    public var reason: Reason

    public var kind: ErrorKind {
        switch reason {
        case .noSuchDirectory, .notADirectory, .notALibrary, .noLibraryFound: .noSuchInput
        case .alreadyExists: .usage
        case .unreadableSettings: .badData
        case .catalogMissing, .catalogEmpty, .catalogOfAnotherLibrary, .readOnly: .failure
        }
    }

    public var description: String {
        switch reason {
        case .noSuchDirectory: "\(path): no such directory"
        case .notADirectory: "\(path): not a directory"
        case .alreadyExists: "\(path): already a photolib library (\(Library.controlDirectoryName)/ exists)"
        case .notALibrary: "\(path): not a photolib library (no \(Library.controlDirectoryName)/ here)"
        case .noLibraryFound: "no photolib library found in \(path) or any folder above it"
        case .unreadableSettings(let why): "\(path): unreadable settings: \(why)"
        case .catalogMissing:
            "\(path): the library's catalog is missing; restore it from a backup (photolib never makes a new "
                + "one in an existing library: only 'photolib init' does)"
        case .catalogEmpty:
            "\(path): the library's catalog is an empty file; restore it from a backup (photolib never makes a "
                + "new one in an existing library: only 'photolib init' does)"
        case .catalogOfAnotherLibrary(let expected, let found):
            "\(path): this catalog belongs to \(found.map { "another library (\($0))" } ?? "no known library"), "
                + "not to this one (\(expected)); put this library's catalog back, or remove libraryID from "
                + "settings.json to adopt it"
        case .readOnly: "\(path): library is read-only"
        }
    }
}
