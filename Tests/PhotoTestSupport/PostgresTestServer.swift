import Foundation

/// This test process's own PostgreSQL server, started the first time a test asks for it
/// with `Scripts/pg-test-cluster` (a private cluster on 127.0.0.1 in a temporary folder, run
/// by an unprivileged user when the tests run as root) and stopped by the script's watcher
/// when this process ends, however it ends.
///
/// When no server is installed (the script exits 69) the PostgreSQL variants of the tests
/// are left out, with one message on stderr; any other failure to start fails them.
package enum PostgresTestServer {
    /// A running server: its URL (with a `passfile`, never a password) and how to reach it.
    package struct Server: Sendable {
        /// `postgresql://photolib@127.0.0.1:PORT/photolib_icu?passfile=…`.
        package var url: String
        /// The cluster's folder, for `restart` and `stop` through the script.
        package var directory: String
        /// `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE` of the cluster (no password).
        package var environment: [String: String]
    }

    package enum Availability: Sendable {
        case running(Server)
        /// No server binaries, and none could be installed: skip, saying why.
        case notInstalled(String)
        /// Installed but would not start: the PostgreSQL tests fail with this.
        case failed(String)
    }

    /// Started once per process, on first use.
    package static let availability: Availability = start()

    /// True when the PostgreSQL variants of the tests run.
    package static var isAvailable: Bool {
        if case .notInstalled = availability { return false }
        return true
    }

    /// The server, or an error saying why it would not start.
    package static func server() throws -> Server {
        switch availability {
        case .running(let server): return server
        case .notInstalled(let why), .failed(let why): throw Unavailable(description: why)
        }
    }

    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
        /// True when the script said no server is installed (exit 69): skip, do not fail.
        package var notInstalled = false
    }

    /// `Scripts/pg-test-cluster` (this file is Tests/PhotoTestSupport/PostgresTestServer.swift).
    package static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/pg-test-cluster")

    /// Runs the script with `arguments`; returns its status and output.
    @discardableResult
    package static func runScript(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = script
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The script starts long-lived processes with every inherited descriptor closed, so
        // reading to the end returns when the script itself ends.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    private static func start() -> Availability {
        do {
            return .running(try startCluster())
        } catch let error as Unavailable where error.notInstalled {
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            return .notInstalled(error.description)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Starts a cluster of its own (the shared one's tests must not see it restarted), in a
    /// new folder directly in /tmp, which the server's user must be able to reach; stopped
    /// when this process ends, or by `stop`.
    package static func startCluster() throws -> Server {
        let directory = "/tmp/photolib-pg-\(UUID().uuidString.prefix(8).lowercased())"
        let started = try runScript(["start", directory, "--watch", String(getpid())])
        if started.status == 69 {
            throw Unavailable(
                description:
                    "PostgreSQL tests skipped: no PostgreSQL server installed (run 'make test-deps', or apt-get install postgresql)",
                notInstalled: true)
        }
        guard started.status == 0 else {
            throw Unavailable(
                description: "Scripts/pg-test-cluster start failed (\(started.status)): \(started.stderr)")
        }
        var environment: [String: String] = [:]
        for line in try runScript(["env", directory]).stdout.split(separator: "\n") {
            guard line.hasPrefix("export "), let equals = line.firstIndex(of: "=") else { continue }
            environment[String(line.dropFirst(7)[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let host = environment["PGHOST"], let port = environment["PGPORT"], let user = environment["PGUSER"],
            let password = environment.removeValue(forKey: "PGPASSWORD"), let database = environment["PGDATABASE"]
        else { throw Unavailable(description: "Scripts/pg-test-cluster env gave no PG* variables") }
        let passfile = try writePassfile("\(host):\(port):*:\(user):\(password)\n", in: directory)
        // A database whose default collation is ICU's en-US: a query that forgets
        // COLLATE "C" then sorts differently and fails its test (C.UTF-8 would hide it).
        let icu = try runScript([
            "psql", directory, "-q", "-c",
            "CREATE DATABASE photolib_icu LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8' TEMPLATE template0",
        ])
        let chosen = icu.status == 0 ? "photolib_icu" : database
        environment["PGDATABASE"] = chosen
        return Server(
            url: "postgresql://\(user)@\(host):\(port)/\(chosen)?passfile=\(passfile)", directory: directory,
            environment: environment)
    }

    /// Stops a cluster `startCluster` made and removes its folder.
    package static func stopCluster(_ server: Server) {
        _ = try? runScript(["stop", server.directory])
    }

    /// A password file only this user can read (libpq ignores one that others can), inside
    /// the cluster's folder, which the script removes with the cluster.
    private static func writePassfile(_ line: String, in directory: String) throws -> String {
        let path = directory + "/photolib.pgpass"
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(line.utf8), attributes: [.posixPermissions: 0o600])
        else { throw Unavailable(description: "cannot write \(path)") }
        return path
    }
}
