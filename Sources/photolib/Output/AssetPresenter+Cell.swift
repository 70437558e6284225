import PhotoCatalog
import PhotoSupport

extension AssetPresenter {
    /// The members of the asset JSON that a cell of `serve`'s grid, its peek and the first
    /// paint of its detail view read (the label, the badges, the rendition's hash, what a
    /// browser can show). A page of 200 full assets was 290 KB, and each asset's renditions
    /// and companions were looked up on disk; the detail view fetches the whole asset.
    static let cellFieldNames: Set<String> = [
        "id", "relativePath", "fileName", "format", "mimeType", "kind", "duration", "width", "height",
        "takenAt", "caption", "city", "favourite", "liked", "trashed", "contentHash",
    ]
    private static let cellFields = AssetFields.shown.filter { field in
        field.inJSON && cellFieldNames.contains(field.text)
    }

    /// A grid cell's asset: `cellFieldNames`, with the values `json(_:)` gives them.
    func cellJSON(_ asset: Asset) -> JSONValue {
        JSONValueBuilder.object { sink in
            for field in Self.cellFields {
                let value = field.value(asset)
                if case .computed = value { continue }
                Self.write(value, as: field.name, to: &sink)
            }
        }
    }
}
