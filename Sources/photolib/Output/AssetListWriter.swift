import PhotoCatalog
import PhotoLibrary

/// Writes `list`'s assets for scripts as the catalog reads them: JSON Lines, a JSON array,
/// ids or a template, into one buffer that goes out each time it fills, so that a pipe
/// gets its first line at once and memory stays flat whatever the number of assets.
///
/// Each asset is written from its row without an intermediate JSON value; the bytes are
/// those `AssetPresenter.json` would give (a test holds them equal).
struct AssetListWriter {
    enum Form {
        case jsonLines
        case jsonArray
        case ids
        case template(FormatTemplate)
    }

    let form: Form
    let library: Library
    let catalog: any Catalog
    let output: OutputStream
    /// What ends each id or template record: a newline, or NUL for `--null`.
    var terminator = UInt8(ascii: "\n")
    /// Whether a template's fields have their control characters escaped (`TerminalText`):
    /// on a terminal, where a file name or a caption could otherwise send it commands. The
    /// template's own text (`\t`, `\n`) is the user's and is left alone.
    var escapesFields = false

    init(form: Form, library: Library, catalog: any Catalog, output: OutputStream) {
        self.form = form
        self.library = library
        self.catalog = catalog
        self.output = output
    }

    /// Writes every asset matching `query`; stops early when the reader goes away.
    func write(_ query: AssetQuery) throws {
        var writer = JSONByteWriter(pretty: isJSONArray)
        writer.bytes.reserveCapacity(OutputStream.bufferSize + 16 * 1024)
        var sentFirst = false
        /// Sends the buffer once it is full, and the first record at once, so that a pipe's
        /// reader starts while the rest is read; false once nobody reads any more.
        func sendWhenFull() -> Bool {
            guard writer.bytes.count >= OutputStream.bufferSize || !sentFirst else { return true }
            output.write(bytes: writer.bytes)
            if !sentFirst { output.flush() }
            sentFirst = true
            writer.bytes.removeAll(keepingCapacity: true)
            return !output.isClosed
        }
        let presenter = AssetPresenter(library: library)
        switch form {
        case .ids:
            try catalog.forEachAssetID(matching: query) { id in
                writer.bytes.append(contentsOf: id.hex.utf8)
                writer.bytes.append(terminator)
                return sendWhenFull()
            }
        case .jsonLines:
            try forEachAsset(query) { asset, shortID in
                writer.writeObject { presenter.write(asset, shortID: shortID, to: &$0) }
                writer.bytes.append(UInt8(ascii: "\n"))
                return sendWhenFull()
            }
        case .jsonArray:
            var count = 0
            writer.bytes.append(UInt8(ascii: "["))
            try forEachAsset(query) { asset, shortID in
                writer.arrayElementPrefix(count, depth: 0)
                writer.writeObject(depth: 1) { presenter.write(asset, shortID: shortID, to: &$0) }
                count += 1
                return sendWhenFull()
            }
            writer.arrayEnd(count: count, depth: 0)
            writer.bytes.append(UInt8(ascii: "\n"))
        case .template(let template):
            try forEachAsset(query) { asset, shortID in
                let fields = presenter.formatFields(asset, shortID: shortID)
                let paths = presenter.pathFields(asset)
                writer.bytes += template.renderBytes(
                    { name in paths[name] ?? (fields[name] ?? nil).map { Array($0.utf8) } },
                    escape: escapesFields ? TerminalText.escaped(bytes:) : { $0 })
                writer.bytes.append(terminator)
                return sendWhenFull()
            }
        }
        if !output.isClosed { output.write(bytes: writer.bytes) }
    }

    /// Each asset with its short id, as the catalog reads them.
    private func forEachAsset(_ query: AssetQuery, _ body: (Asset, String) throws -> Bool) throws {
        try catalog.forEachAssetWithShortID(
            matching: query, minimumLength: AssetID.minimumDisplayLength, body)
    }

    private var isJSONArray: Bool {
        if case .jsonArray = form { true } else { false }
    }
}
