/// The commands `photolib` offers, in the order its help lists them.
///
/// `help` is built in (see `RootCommand`) and needs no entry here.
enum CommandRegistry {
    static let commands: [any PhotolibCommand.Type] = [
        InitCommand.self, IndexCommand.self, ListCommand.self, RenderCommand.self, ExportCommand.self,
        PeekCommand.self, PopCommand.self, BrowseCommand.self, PickCommand.self, ServeCommand.self, ActionCommand.self,
        TrashCommand.self, HistoryCommand.self, ForgetCommand.self, DuplicatesCommand.self, SimilarCommand.self,
        CollectionsCommand.self, PlacesCommand.self, GeotagCommand.self, ConfigCommand.self, CatalogCommand.self,
        StatusCommand.self,
        VerifyCommand.self, CompletionCommand.self,
    ]
}
