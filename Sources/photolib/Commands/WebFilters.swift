import PhotoCatalog
import PhotoSupport

/// `list`'s filters and sort read from a gallery address (`?city=Bordeaux&has-gps&sort=path`):
/// the same names, values and meanings as on the command line, parsed by the same keys, so a
/// view is a link whose arguments a person can also type after `photolib list`. A flag is
/// given bare or as `=1`/`=true` (`=0`/`=false` leaves it out). The collection is the page's
/// own argument; `folder` is relative to the library's root. Without `sort`, newest first.
enum WebFilters {
    static let keys: [any OptionKey] =
        AssetFilterOptions.filterKeys.filter { $0.name != AssetFilterOptions.collection.name }
        + [AssetFilterOptions.sort, AssetFilterOptions.reverse]
    static let specs = optionSpecs(keys)

    static func query(_ arguments: [(name: String, value: String)]) throws -> AssetQuery {
        var options: [(name: String, value: RawPath?)] = []
        var folder: RawPath?
        for (name, value) in arguments {
            guard let spec = specs.first(where: { $0.answers(to: name) }) else {
                throw UsageError(
                    message: "no filter '\(name)': the address takes list's filters (photolib list --help)")
            }
            if spec.name == AssetFilterOptions.folder.name {
                folder = try relativeFolder(value)
            } else if spec.isFlag {
                switch value {
                case "", "1", "true", "yes": options.append((spec.name, nil))
                case "0", "false", "no": continue
                default: throw UsageError(message: "'\(name)' is given alone or as \(name)=1")
                }
            } else {
                options.append((spec.name, RawPath(value)))
            }
        }
        var query = try AssetFilterOptions.selection(
            ParsedCommand(path: ["serve"], options: options, optionSpecs: specs))
        if !options.contains(where: { $0.name == AssetFilterOptions.sort.name }) {
            query.sort = .taken
            query.reverse = !options.contains { $0.name == AssetFilterOptions.reverse.name }
        }
        guard AssetQuery.Sort.paged.contains(query.sort) else {
            throw UsageError(message: "the gallery sorts by taken, path, city or popped (got '\(query.sort.rawValue)')")
        }
        query.folder = folder
        return query
    }

    /// A folder of the library as the address names it: relative, without `.` or `..`.
    static func relativeFolder(_ text: String) throws -> RawPath {
        let parts = text.split(separator: "/")
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else {
            throw UsageError(message: "folder '\(text)' is not a folder of the library")
        }
        return RawPath(parts.joined(separator: "/"))
    }
}
