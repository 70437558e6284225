import Testing

@testable import PhotoCatalogPostgres

/// What photolib hands libpq around a catalog URL (issue 24, item 4): no password at all
/// for an address the user never trusted, an sslmode never weaker than the user's own, and
/// no password in clear over TCP without TLS where libpq can refuse it (16 and later).
@Suite struct PGConnectionParametersTests {
    private func parameters(
        _ options: [(String, String)], _ credentials: PostgresCredentials, environment: [String: String] = [:],
        libpq: Int = 150_000
    ) -> [String: String] {
        let made = PGConnectionParameters(
            options: options, credentials: credentials, environment: environment, libpqVersion: libpq)
        return Dictionary(zip(made.keywords, made.values)) { _, last in last }
    }

    private let tcp = [("host", "nas.local"), ("user", "ann"), ("dbname", "photos")]

    @Test func aWithheldPasswordIsEmptyAndNoPasswordFileIsRead() {
        let given = parameters(tcp, .withheld)
        #expect(given["dbname"] == "host='nas.local' user='ann' dbname='photos' password=''")
        #expect(given["passfile"] == PGConnectionParameters.noPasswordFile)
        let user = parameters(tcp, .user)
        #expect(user["dbname"] == "host='nas.local' user='ann' dbname='photos'")
        #expect(user["passfile"] == nil)
    }

    @Test func valuesAreQuotedAsLibpqReadsThem() {
        #expect(PGConnectionParameters.quoted(#"it's a\b"#) == #"'it\'s a\\b'"#)
    }

    @Test func theSSLModeIsNeverWeakerThanTheUsers() {
        #expect(parameters(tcp + [("sslmode", "disable")], .withheld)["sslmode"] == "prefer")
        #expect(
            parameters(tcp + [("sslmode", "prefer")], .user, environment: ["PGSSLMODE": "verify-full"])["sslmode"]
                == "verify-full")
        // Stronger than the user's default: the URL's own stands.
        #expect(parameters(tcp + [("sslmode", "require")], .user)["sslmode"] == nil)
        #expect(parameters(tcp, .user)["sslmode"] == nil)
    }

    @Test func libpq16RefusesAPasswordInClearOverTCPWithoutTLS() {
        #expect(parameters(tcp, .user, libpq: 160_000)["require_auth"] == "!password")
        #expect(parameters(tcp + [("sslmode", "require")], .user, libpq: 160_000)["require_auth"] == nil)
        #expect(parameters(tcp, .user, environment: ["PGSSLMODE": "verify-ca"], libpq: 170_002)["require_auth"] == nil)
        #expect(parameters([("host", "/run/postgresql")], .user, libpq: 160_000)["require_auth"] == nil)
        #expect(parameters([("dbname", "photos")], .user, libpq: 160_000)["require_auth"] == nil)
        #expect(
            parameters([("host", "/run/postgresql,nas.local")], .user, libpq: 160_000)["require_auth"] == "!password")
        #expect(
            parameters([("host", "/run/postgresql"), ("hostaddr", "10.0.0.2")], .user, libpq: 160_000)["require_auth"]
                == "!password")
        // libpq 15 knows no require_auth (it would refuse the keyword).
        #expect(parameters(tcp, .user, libpq: 150_020)["require_auth"] == nil)
    }

    /// Where libpq cannot refuse it (before 16), photolib refuses a request for the password
    /// in clear itself (`PGConnection.connectRefusingCleartext`): over TCP without TLS only.
    @Test func olderLibpqHasTheCleartextRequestRefusedByPhotolib() {
        func refuses(
            _ options: [(String, String)], _ credentials: PostgresCredentials = .user, libpq: Int = 150_020
        )
            -> Bool
        {
            PGConnectionParameters(options: options, credentials: credentials, environment: [:], libpqVersion: libpq)
                .refusesCleartext
        }
        #expect(refuses(tcp))
        #expect(refuses(tcp + [("sslmode", "prefer")]))
        #expect(!refuses(tcp + [("sslmode", "require")]))
        #expect(!refuses([("host", "/run/postgresql")]))
        #expect(!refuses(tcp, libpq: 160_000))
        // A withheld password is refused whatever the method (no password is given to libpq).
        #expect(!refuses(tcp, .withheld))
        let timeout = PGConnectionParameters(
            options: tcp + [("connect_timeout", "3")], credentials: .user, environment: [:], libpqVersion: 150_020)
        #expect(timeout.connectTimeout == 3)
    }
}
