import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

extension GalleryAPI {
    /// The actions a peek offers, by the names `peek --json` gives them.
    static let actions: Set<AssetAction> = [.favourite, .unfavourite, .like, .unlike, .delete, .restore]

    /// `POST /api/assets/ID/ACTION` and `POST /api/pick?id=…`.
    func change(_ parts: [String], _ request: HTTPRequest) -> HTTPResponse {
        do {
            if parts == ["pick"] { return try pick(request) }
            guard parts.count == 3, parts[0] == "assets" else { return .error(404, "no such page") }
            guard server.options.allowEdits else {
                return .error(403, "this server is read-only: start it with 'photolib serve --allow-edits'")
            }
            guard let action = AssetAction(rawValue: parts[2]), Self.actions.contains(action) else {
                return .error(404, "no action '\(parts[2])'")
            }
            guard let asset = try asset(parts[1]) else { return .error(404, "no such asset") }
            let report = try ActionPerformer(library: library, catalog: catalog)
                .perform(action, value: nil, on: [asset])
            if let failure = report.failures.first { return .error(409, String(describing: failure.error)) }
            if !(report.outcomes.first?.changes.isEmpty ?? true) { server.localChanges += 1 }
            guard let after = try catalog.asset(id: asset.id) else { return .error(404, "no such asset") }
            // With the version after the change, so that the page does not read again for it.
            var answer = try detail(after).objectValue ?? []
            let version = try version()
            answer.append(("version", .string(version)))
            server.events.publish(version)
            return .json(.object(answer))
        } catch {
            return .error(500, String(describing: error))
        }
    }

    /// The chooser's answer: the ids chosen, each an asset shown by the gallery (not in the
    /// trash); one unless the chooser takes several. Counted as popped, as `pick` counts them.
    private func pick(_ request: HTTPRequest) throws -> HTTPResponse {
        guard case .pick(let multiple) = server.options.purpose else {
            return .error(404, "this server is not a chooser (photolib serve --pick)")
        }
        let given = request.arguments.filter { $0.name == "id" }.map(\.value)
        guard !given.isEmpty, multiple || given.count == 1 else {
            return .error(400, multiple ? "choose at least one photo" : "choose one photo")
        }
        var ids: [AssetID] = []
        for text in given {
            guard let asset = try asset(text), !asset.trashed else {
                return .error(400, "no asset '\(text)' to choose")
            }
            if !ids.contains(asset.id) { ids.append(asset.id) }
        }
        if library.isWritable { try catalog.markPopped(ids, at: Date()) }
        server.choose(ids)
        var response = HTTPResponse.json(["chosen": .integer(ids.count)])
        response.endsServer = true
        return response
    }
}
