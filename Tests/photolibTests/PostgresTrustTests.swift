import Foundation
import PhotoTestSupport
import Testing

/// Issue 24, item 4, on a real server that asks for a password (the test cluster's
/// scram-sha-256): the address `init --catalog` was given is trusted and gets the password;
/// on a machine (a configuration) that never trusted it, the same library gets none and is
/// refused in one line, until `catalog trust`.
@Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
struct PostgresTrustTests {
    @Test func onlyATrustedAddressGetsThePassword() throws {
        let library = try TestLibrary()
        let mine = try TemporaryDirectory()
        let made = try BinaryRunner.run(
            ["init"] + CatalogBackend.postgres.initArguments() + [library.root.path],
            environment: ["XDG_CONFIG_HOME": mine.url.path])
        try #require(made.status == 0, "init: \(made.stderr)")
        #expect(try library.run(["list"], environment: ["XDG_CONFIG_HOME": mine.url.path]).status == 0)

        let elsewhere = try TemporaryDirectory()
        let refused = try library.run(["list"], environment: ["XDG_CONFIG_HOME": elsewhere.url.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the server asks for a password, and photolib sends none"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")

        // Named in the environment, it is the user's own.
        let url = try PostgresTestServer.server().url
        let named = try library.run(
            ["list"], environment: ["XDG_CONFIG_HOME": elsewhere.url.path, "PHOTOLIB_CATALOG": url])
        #expect(named.status == 0, "\(named.stderr)")

        let trusted = try library.run(["catalog", "trust"], environment: ["XDG_CONFIG_HOME": elsewhere.url.path])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        let listed = try library.run(["list"], environment: ["XDG_CONFIG_HOME": elsewhere.url.path])
        #expect(listed.status == 0, "\(listed.stderr)")
    }
}
