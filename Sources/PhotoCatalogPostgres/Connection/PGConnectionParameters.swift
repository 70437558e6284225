import CLibPQ
import Foundation

/// What photolib hands libpq for one connection: the user's URL, rewritten as `key='value'`
/// text, with photolib's own keywords around it.
///
/// The URL is rewritten rather than passed as it is so that a withheld password can be said:
/// libpq skips empty values in its keyword arrays (and then takes PGPASSWORD), but keeps an
/// empty `password=''` in connection text, and then asks no password file or service either.
struct PGConnectionParameters: Equatable {
    var keywords: [String]
    var values: [String]
    /// True where libpq cannot be told to refuse a password in clear (before 16) and the
    /// connection may be TCP without TLS: `PGConnection.connectRefusingCleartext` refuses it.
    var refusesCleartext = false
    /// The seconds a connection may take (the URL's `connect_timeout`, else 10).
    var connectTimeout = 10

    /// libpq's `sslmode`s, weakest first.
    static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]
    /// A password file that cannot exist (a path through /dev/null), so libpq reads none
    /// and, unlike for a file that is not a plain file, prints no warning.
    static let noPasswordFile = "/dev/null/photolib-sends-no-password"

    /// `url` parsed as libpq reads it (PQconninfoParse: only what the URL says).
    init(
        url: String, credentials: PostgresCredentials, environment: [String: String], libpqVersion: Int
    )
        throws(PGError)
    {
        try PGConnection.loadLibPQ()
        var failure: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(url, &failure) else {
            let message = failure.map { PGError.oneLine(String(cString: $0)) } ?? "out of memory"
            PQfreemem(failure)
            throw PGError(.badAddress, message: "invalid catalog URL '\(url)': \(message)")
        }
        defer { PQconninfoFree(parsed) }
        var options: [(String, String)] = []
        var option = parsed
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { options.append((String(cString: keyword), String(cString: value))) }
            option += 1
        }
        self.init(options: options, credentials: credentials, environment: environment, libpqVersion: libpqVersion)
    }

    /// `options`: the URL's keywords and values; `environment`: libpq's variables (PGSSLMODE,
    /// PGHOST, PGHOSTADDR) as this process has them.
    ///
    /// Keywords before the URL are defaults it may override (a connect timeout: libpq waits
    /// forever by default); keywords after it win: UTF-8 whatever PGCLIENTENCODING says, no
    /// password file when the password is withheld, an `sslmode` never weaker than the
    /// user's own default (PGSSLMODE, else libpq's `prefer`), and no password in clear over
    /// TCP without TLS: said to libpq 16 and later (`require_auth`), enforced by photolib for
    /// older ones (`refusesCleartext`).
    init(
        options: [(String, String)], credentials: PostgresCredentials, environment: [String: String], libpqVersion: Int
    ) {
        var text = options.map { "\($0.0)=\(Self.quoted($0.1))" }
        if credentials == .withheld { text.append("password=''") }
        keywords = ["connect_timeout", "dbname", "client_encoding", "fallback_application_name"]
        values = ["10", text.joined(separator: " "), "UTF8", "photolib"]
        if credentials == .withheld {
            keywords.append("passfile")
            values.append(Self.noPasswordFile)
        }
        func rank(_ mode: String?) -> Int? { mode.flatMap { Self.sslModes.firstIndex(of: $0) } }
        let floor = rank(environment["PGSSLMODE"]) ?? rank("prefer")!
        let asked = options.last { $0.0 == "sslmode" }?.1
        var effective = rank(asked) ?? floor
        if effective < floor {
            keywords.append("sslmode")
            values.append(Self.sslModes[floor])
            effective = floor
        }
        let encrypted = effective >= rank("require")!
        if let timeout = options.last(where: { $0.0 == "connect_timeout" }).flatMap({ Int($0.1) }), timeout > 0 {
            connectTimeout = timeout
        }
        if credentials == .user, !encrypted, !Self.isUnixSocket(options: options, environment: environment) {
            if libpqVersion >= 160_000 {
                keywords.append("require_auth")
                values.append("!password")
            } else {
                refusesCleartext = true
            }
        }
    }

    /// True when every host is a Unix socket: a folder (`/…`) or an abstract name (`@…`), or
    /// no host at all (libpq's default socket), and no `hostaddr`.
    static func isUnixSocket(options: [(String, String)], environment: [String: String]) -> Bool {
        func value(_ key: String, _ variable: String) -> String {
            options.last { $0.0 == key }?.1 ?? environment[variable] ?? ""
        }
        guard value("hostaddr", "PGHOSTADDR").isEmpty else { return false }
        let hosts = value("host", "PGHOST")
        return hosts.isEmpty
            || hosts.split(separator: ",", omittingEmptySubsequences: false).allSatisfy {
                $0.hasPrefix("/") || $0.hasPrefix("@")
            }
    }

    /// A value in libpq's connection text: in single quotes, `\` and `'` escaped.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
