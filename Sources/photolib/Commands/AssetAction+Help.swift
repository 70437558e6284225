import PhotoLibrary

extension AssetAction {
    /// One line for `photolib action`'s help.
    var summary: String {
        switch self {
        case .like: "Mark as liked."
        case .unlike: "Remove the like."
        case .favourite: "Make a favourite."
        case .unfavourite: "Remove from the favourites."
        case .toggleFavourite: "Make a favourite, or remove from the favourites if it is one."
        case .caption: "Set the caption to --value TEXT (empty clears it); it wins over the file's."
        case .city: "Set the city to --value NAME (empty clears it); it wins over the file's."
        case .rating: "Rate -1 (rejected) to 5 with --value N; 0 clears it."
        case .keywordAdd: "Add the keyword --value K (a hierarchy as Places/France/Bordeaux)."
        case .keywordRemove: "Remove the keyword --value K, and those below it in its hierarchy."
        case .personAdd: "Say the asset shows the person --value NAME (kept over the file's face tags)."
        case .personRemove: "Say the asset does not show the person --value NAME (whatever the file's face tags say)."
        case .delete: "Move the original into the library's trash (.photolib/trash/)."
        case .restore: "Put a trashed original back at its path."
        }
    }
}
