import Foundation
import PhotoSupport

/// The PostgreSQL catalogs this user has confirmed on this machine, to which photolib may send
/// the user's password, as git's `safe.directory` names the repositories it may run hooks of.
///
/// A library's folder is not trusted: anyone who can write its `settings.json` could name a
/// server of their own there and collect the password of whoever runs photolib in it. So an
/// address from the settings gets no password unless it is listed here (each `URL schema`
/// line of `$XDG_CONFIG_HOME/photolib/trusted-catalogs`, written by `init --catalog`,
/// `catalog copy --to` and `catalog trust`) or named in `PHOTOLIB_CATALOG`. Without a
/// password it can still be used when its server asks for none, and the catalog's library
/// id then must match the library's marker as for any catalog.
public struct CatalogTrust: Sendable, Equatable {
    public struct Entry: Hashable, Sendable {
        public var url: String
        public var schema: String

        public init(url: String, schema: String) {
            self.url = url
            self.schema = schema
        }
    }

    /// The confirmed addresses.
    public var entries: Set<Entry>
    /// URLs named in the environment (`PHOTOLIB_CATALOG`): trusted with any schema.
    public var urls: Set<String>
    /// The file `entries` were read from and new ones are written to; nil when neither
    /// `XDG_CONFIG_HOME` nor `HOME` says where it is.
    public var file: RawPath?

    /// Nothing trusted: what a library opened without the user's environment gets.
    public static let none = CatalogTrust(entries: [], urls: [], file: nil)

    /// The variable that names a PostgreSQL catalog (for `init`, and as trusted for any library).
    public static let environmentVariable = "PHOTOLIB_CATALOG"

    public init(entries: Set<Entry>, urls: Set<String>, file: RawPath?) {
        self.entries = entries
        self.urls = urls
        self.file = file
    }

    /// The user's list (a missing or unreadable file trusts nothing) and `PHOTOLIB_CATALOG`.
    public init(environment: [String: String]) {
        let file = Self.file(environment: environment)
        let text = file.flatMap { try? FileSystem.readFile($0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        var entries: Set<Entry> = []
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            if fields.count == 2 { entries.insert(Entry(url: String(fields[0]), schema: String(fields[1]))) }
        }
        let named = environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        self.init(entries: entries, urls: named.map { [$0] } ?? [], file: file)
    }

    /// `$XDG_CONFIG_HOME/photolib/trusted-catalogs` (an absolute XDG_CONFIG_HOME only, as the
    /// XDG spec says), else `$HOME/.config/photolib/trusted-catalogs`.
    public static func file(environment: [String: String]) -> RawPath? {
        let configuration: RawPath
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            configuration = RawPath(xdg)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            configuration = RawPath(home).appending(".config")
        } else {
            return nil
        }
        return configuration.appending("photolib").appending("trusted-catalogs")
    }

    /// True when photolib may send the user's password to `url`, `schema`.
    public func trusts(url: String, schema: String) -> Bool {
        urls.contains(url) || entries.contains(Entry(url: url, schema: schema))
    }

    /// This trust and `url`, `schema`, for this process only.
    public func adding(url: String, schema: String) -> CatalogTrust {
        var trust = self
        trust.entries.insert(Entry(url: url, schema: schema))
        return trust
    }

    /// Adds `url`, `schema` to the user's file (made, with its folders, when missing) unless
    /// it is there. Throws `CatalogTrustError` when there is no file to write or it cannot be.
    public func recording(url: String, schema: String) throws -> CatalogTrust {
        guard let file else { throw CatalogTrustError.noConfigurationFolder }
        let entry = Entry(url: url, schema: schema)
        guard !entries.contains(entry) else { return self }
        guard !url.contains(where: \.isWhitespace), !url.contains(where: \.isNewline) else {
            throw CatalogTrustError.unwritableAddress(url)
        }
        try FileSystem.createDirectory(file.parent)
        // Appended in one write, not rewritten: two photolibs recording at once both keep theirs.
        let descriptor = file.withCString { open($0, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw FileSystemError(path: file, errno: errno, operation: "open") }
        defer { close(descriptor) }
        var info = stat()
        let isNew = fstat(descriptor, &info) == 0 && info.st_size == 0
        var last: UInt8 = 0x0A
        if !isNew { _ = pread(descriptor, &last, 1, off_t(info.st_size - 1)) }
        let start = isNew ? Self.header : last == 0x0A ? "" : "\n"
        let line = Array((start + "\(url) \(schema)\n").utf8)
        guard FileSystem.writeAll(line, to: descriptor) else {
            throw FileSystemError(path: file, errno: errno, operation: "write")
        }
        var trust = self
        trust.entries.insert(entry)
        return trust
    }

    static let header = """
        # PostgreSQL catalogs photolib may send your password to, one 'URL schema' a line
        # (written by photolib init --catalog, catalog copy --to and catalog trust).

        """
}

/// Why a trusted address could not be recorded.
public enum CatalogTrustError: PhotolibError {
    case noConfigurationFolder
    case unwritableAddress(String)

    public var kind: ErrorKind { .failure }

    public var description: String {
        switch self {
        case .noConfigurationFolder:
            "cannot record a trusted catalog: neither XDG_CONFIG_HOME nor HOME names a folder"
        case .unwritableAddress(let url): "cannot record '\(url)' as trusted: it holds white space"
        }
    }
}
