import Foundation
import PhotoTestSupport
import Testing

/// Issue 24, item 4: a hostile settings.json named a server of its own as the catalog, and
/// `PGPASSWORD=secret photolib list` sent it the password in clear. An address the library's
/// folder names gets no password until the user trusts it.
@Suite struct PlantedCatalogTests {
    /// A plain SQLite library whose settings now name `url` as the catalog.
    private func plantedLibrary(_ url: String) throws -> TestLibrary {
        let library = try TestLibrary.sample()
        let settingsURL = library.url(".photolib/settings.json")
        var settings = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: settingsURL)) as? [String: Any])
        settings["catalog"] = url
        settings["postgresSchema"] = "photos"
        try JSONSerialization.data(withJSONObject: settings).write(to: settingsURL)
        return library
    }

    /// The user's own password, from PGPASSWORD and from a password file.
    private func userPasswords(_ library: TestLibrary) throws -> [String: String] {
        let passfile = library.url("pgpass")
        try Data("*:*:*:*:from-passfile\n".utf8).write(to: passfile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passfile.path)
        return ["PGPASSWORD": "secret", "PGPASSFILE": passfile.path]
    }

    @Test func aPlantedAddressNeverGetsThePassword() throws {
        let server = try FakePasswordServer()
        defer { server.stop() }
        let library = try plantedLibrary("postgresql://victim@127.0.0.1:\(server.port)/photos")
        let environment = try userPasswords(library)
        for arguments in [["list"], ["index", "--no-renditions"], ["catalog", "info"], ["status"]] {
            let result = try BinaryRunner.run(arguments + ["--library", library.root.path], environment: environment)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("sends none to a catalog address"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        // It was asked, without a password: the server's request got nothing.
        #expect(server.messages.contains("startup"))
        #expect(!server.messages.contains { $0.hasPrefix("password") }, "\(server.messages)")
    }

    @Test func aPlantedSSLModeIsNeverWeakerThanTheUsers() throws {
        let server = try FakePasswordServer()
        defer { server.stop() }
        let library = try plantedLibrary("postgresql://victim@127.0.0.1:\(server.port)/photos?sslmode=disable")
        var environment = try userPasswords(library)
        environment["PGSSLMODE"] = "require"
        let result = try BinaryRunner.run(["list", "--library", library.root.path], environment: environment)
        #expect(result.status == 1)
        // TLS was asked for, declined, and nothing else was said.
        #expect(server.messages.contains("ssl-request"), "\(server.messages)")
        #expect(!server.messages.contains("startup"), "\(server.messages)")
    }

    @Test func catalogTrustRecordsTheAddressOnce() throws {
        let server = try FakePasswordServer()
        defer { server.stop() }
        let url = "postgresql://victim@127.0.0.1:\(server.port)/photos"
        let library = try plantedLibrary(url)
        let configuration = try TemporaryDirectory()
        let trusted = try library.run(["catalog", "trust"], environment: ["XDG_CONFIG_HOME": configuration.url.path])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("Trusted \(url), schema photos"))
        let file = configuration.url.appendingPathComponent("photolib/trusted-catalogs")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == ["\(url) photos"])
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        // Recorded once however often it is trusted.
        #expect(
            try library.run(["catalog", "trust"], environment: ["XDG_CONFIG_HOME": configuration.url.path]).status == 0)
        #expect(
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.count
                == 1)
    }

    /// A trusted address over TCP without TLS may get the password, but never in clear:
    /// libpq 16 refuses the method (`require_auth`); before 16, photolib ends the connection
    /// when the request comes, before libpq reads it.
    @Test func aTrustedAddressWithoutTLSNeverGetsThePasswordInClear() throws {
        let server = try FakePasswordServer()
        defer { server.stop() }
        let url = "postgresql://victim@127.0.0.1:\(server.port)/photos"
        let library = try plantedLibrary(url)
        let configuration = try TemporaryDirectory()
        var environment = try userPasswords(library)
        environment["XDG_CONFIG_HOME"] = configuration.url.path
        #expect(try library.run(["catalog", "trust"], environment: environment).status == 0)
        for given in [environment, environment.merging(["PHOTOLIB_CATALOG": url]) { $1 }] {
            let result = try BinaryRunner.run(["list", "--library", library.root.path], environment: given)
            #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains("use sslmode=require, a Unix socket, or libpq 16")
                    || result.stderr.contains("cleartext"), "\(result.stderr)")
        }
        #expect(server.messages.contains("startup"), "\(server.messages)")
        #expect(!server.messages.contains { $0.hasPrefix("password") }, "\(server.messages)")
    }

    @Test func anSQLiteCatalogNeedsNoTrust() throws {
        let library = try TestLibrary.sample()
        let result = try library.run(["catalog", "trust"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs no trust"), "\(result.stderr)")
    }
}
