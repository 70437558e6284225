import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// Where `export` puts each copy: the `--directory` and `--filename` templates filled in with the
/// asset's `list --format` fields, each value kept from making folders, then made a safe path
/// under the export folder by the core (`ExportName`).
struct ExportNaming {
    static let defaultName = "{fileName}"
    /// The fields that take a strftime format (`{takenAt:%Y}`).
    static let dateFields = ["takenAt", "modifiedAt", "indexedAt", "poppedAt", "trashedAt"]

    let folder: FormatTemplate?
    let name: FormatTemplate

    init(directory: String?, filename: String?, commandPath: [String]) throws {
        folder = try directory.map {
            try FormatTemplate(
                $0, fields: AssetPresenter.formatFields, dateFields: Self.dateFields, optionName: "--directory",
                commandPath: commandPath)
        }
        name = try FormatTemplate(
            filename ?? Self.defaultName, fields: AssetPresenter.formatFields, dateFields: Self.dateFields,
            optionName: "--filename", commandPath: commandPath)
    }

    /// The copy's path relative to the export folder.
    func target(for asset: Asset, presenter: AssetPresenter, fileExtension: [UInt8]) -> RawPath {
        let fields = presenter.formatFields(asset)
        let paths = presenter.pathFields(asset)
        let lookup = { (field: String) -> [UInt8]? in paths[field] ?? (fields[field] ?? nil).map { Array($0.utf8) } }
        return ExportName.relativePath(
            folder: folder?.renderBytes(lookup, escape: ExportName.flatten) ?? [],
            name: name.renderBytes(lookup, escape: ExportName.flatten), fileExtension: fileExtension,
            originalExtension: ExportName.fileExtension(of: asset.file.relativePath),
            fallbackName: Array(presenter.shortID(asset).utf8))
    }
}
