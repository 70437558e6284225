import Foundation
import Glibc
import Testing

/// `serve`'s fast paths: thumbnails and previews found by the content hash in their address
/// (never by a path, never through a symlink), and grid pages that hold only a cell's members,
/// with the values `list --json` gives them.
@Suite(.serialized) struct ServeRenditionTests {
    /// The rendition file `list --json` names for an asset, and its bytes.
    static func rendition(_ asset: [String: Any], _ kind: String) throws -> (path: String, bytes: [UInt8]) {
        let renditions = asset["renditions"] as? [String: Any]
        let path = try #require((renditions?[kind] as? [String: Any])?["path"] as? String)
        return (path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func thumbnailsAndPreviewsAreFoundByTheirContentHash() throws {
        let library = try ServeCommandTests.indexedSample()
        let assets = try library.assets()
        let asset = try #require(assets.first)
        let other = try #require(assets.first { $0["contentHash"] as? String != asset["contentHash"] as? String })
        let id = try #require(asset["id"] as? String)
        let hash = try #require(asset["contentHash"] as? String)
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        for kind in ["thumbnail", "preview"] {
            let reply = try server.request("GET", "/\(kind)/\(id)?v=\(hash)")
            #expect(reply.status == 200, "\(kind)")
            #expect(reply.body == (try Self.rendition(asset, kind).bytes), "\(kind)")
            #expect(reply.headers["etag"] == "\"\(hash)-\(kind)\"")
            #expect(reply.headers["cache-control"]?.contains("immutable") == true)
            #expect(reply.headers["content-type"] == "image/jpeg")
            let cached = try server.request(
                "GET", "/\(kind)/\(id)?v=\(hash)", headers: ["If-None-Match": "\"\(hash)-\(kind)\""])
            #expect(cached.status == 304 && cached.body.isEmpty, "\(kind)")
        }
        // The file is the hash's: the id beside it is not looked up (an unknown id is no
        // matter), so a screenful of thumbnails needs no catalog query.
        let byHashAlone = try server.request("GET", "/thumbnail/0000000000000000?v=\(hash)")
        let ownBytes = try Self.rendition(asset, "thumbnail").bytes
        #expect(byHashAlone.status == 200 && byHashAlone.body == ownBytes)
        // A hash that names no rendition, or no hash, goes by the id, as before.
        let otherID = try #require(other["id"] as? String)
        let unknown = try server.request("GET", "/thumbnail/\(otherID)?v=\(String(repeating: "0", count: 32))")
        let otherBytes = try Self.rendition(other, "thumbnail").bytes
        #expect(unknown.status == 200 && unknown.body == otherBytes)
        #expect(
            try server.request("GET", "/thumbnail/0000000000000000?v=\(String(repeating: "0", count: 32))").status
                == 404)
    }

    @Test func aMissingThumbnailIsAnsweredWithThePreviewByHashToo() throws {
        let library = try ServeCommandTests.indexedSample()
        let asset = try #require(try library.assets().first)
        let hash = try #require(asset["contentHash"] as? String)
        let thumbnail = try Self.rendition(asset, "thumbnail")
        let preview = try Self.rendition(asset, "preview")
        try FileManager.default.removeItem(atPath: thumbnail.path)
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let reply = try server.request("GET", "/thumbnail/0000000000000000?v=\(hash)")
        #expect(reply.status == 200 && reply.body == preview.bytes)
    }

    /// The hash is a name of 32 hex digits in the renditions folder, reached through no
    /// symlink: anything else goes by the id, which serves only that asset's renditions.
    @Test func aHashIsNeverAPathNorFollowsASymlink() throws {
        let library = try ServeCommandTests.indexedSample()
        let assets = try library.assets()
        let asset = try #require(assets.first)
        let id = try #require(asset["id"] as? String)
        let hash = try #require(asset["contentHash"] as? String)
        let own = try Self.rendition(asset, "thumbnail")
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        for value in [
            "../../../../etc/passwd", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", hash.uppercased(), String(hash.dropLast()),
            hash + "0", hash + "%2f..", "/etc/passwd", hash.prefix(31) + "g",
        ] {
            let reply = try server.request("GET", "/thumbnail/\(id)?v=\(value)")
            #expect(reply.status == 200 && reply.body == own.bytes, "\(value): \(reply.status)")
        }
        // Where the library holds a symlink at a rendition's name, or for a fan-out folder,
        // the file it leads to is not sent by hash.
        let secret = library.root.deletingLastPathComponent().appendingPathComponent("secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: secret) }
        let secretBytes = Array("root:x:0:0 not a rendition".utf8)
        let name = URL(fileURLWithPath: own.path).lastPathComponent
        try Data(secretBytes).write(to: secret.appendingPathComponent(name))
        try FileManager.default.removeItem(atPath: own.path)
        try FileManager.default.createSymbolicLink(
            atPath: own.path, withDestinationPath: secret.appendingPathComponent(name).path)
        let linked = try server.request("GET", "/thumbnail/0000000000000000?v=\(hash)")
        #expect(linked.body != secretBytes)
        #expect(try server.request("GET", "/thumbnail/\(id)?v=\(hash)").body != secretBytes)
        // The fan-out folder `cd` of `ab/cd` swapped for a symlink to a folder with the file.
        let folder = URL(fileURLWithPath: own.path).deletingLastPathComponent()
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: secret.path)
        let other = try #require(assets.first { $0["contentHash"] as? String != hash })
        let otherHash = try #require(other["contentHash"] as? String)
        let elsewhere = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { elsewhere.stop() }
        for target in ["/thumbnail/0000000000000000?v=\(hash)", "/thumbnail/\(id)?v=\(hash)"] {
            let reply = try elsewhere.request("GET", target)
            #expect(reply.body != secretBytes, "\(target)")
        }
        // Other fan-out folders still serve.
        let fine = try elsewhere.request("GET", "/thumbnail/0000000000000000?v=\(otherHash)")
        let otherBytes = try Self.rendition(other, "thumbnail").bytes
        #expect(fine.status == 200 && fine.body == otherBytes)
    }

    /// A grid page's assets hold the members a cell draws, each with the value `list --json`
    /// gives it, and nothing that needs the disk (renditions, companions).
    @Test func gridPagesHoldACellsMembersWithListsValues() throws {
        let library = try ServeCommandTests.indexedSample()
        let captioned = try #require(try library.assets().first?["id"] as? String)
        #expect(try library.run(["action", "caption", captioned, "--value", "Quai <b>\"x\"</b>"]).status == 0)
        let listed = Dictionary(
            uniqueKeysWithValues: try library.assets().map { ($0["id"] as? String ?? "", $0) })
        let server = try ServeProcess(["--listen", "0", "--library", library.root.path])
        defer { server.stop() }
        let page = try server.request("GET", "/api/assets?limit=200")
        let cells = try #require(page.object["assets"] as? [[String: Any]])
        #expect(cells.count == listed.count)
        let members: Set<String> = [
            "id", "relativePath", "fileName", "format", "mimeType", "kind", "duration", "width", "height",
            "takenAt", "caption", "city", "favourite", "liked", "trashed", "contentHash",
        ]
        for cell in cells {
            let id = cell["id"] as? String ?? ""
            let whole = try #require(listed[id], "\(id)")
            #expect(Set(cell.keys) == members, "\(id): \(cell.keys.sorted())")
            for (key, value) in cell {
                #expect(
                    String(describing: value) == String(describing: whole[key] ?? "absent"), "\(id).\(key)")
            }
        }
        #expect(cells.contains { $0["caption"] as? String == "Quai <b>\"x\"</b>" })
        // The detail view still gets the whole asset, as `list --json` writes it.
        let id = try #require(cells.first?["id"] as? String)
        let detail = try #require(try server.request("GET", "/api/assets/\(id)").object["asset"] as? [String: Any])
        #expect(Set(detail.keys) == Set(try #require(listed[id]).keys))
    }
}
