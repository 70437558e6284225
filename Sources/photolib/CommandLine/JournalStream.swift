import Foundation

/// Whether stderr is connected to systemd's journal: systemd sets `JOURNAL_STREAM` to
/// "DEVICE:INODE" of the stream it gives a service, and a process whose stderr is that stream
/// (not redirected elsewhere since) may prefix each line with its syslog priority, `<3>` for an
/// error, `<4>` a warning, `<6>` information, which the journal stores as the line's priority
/// and strips (sd-daemon(3), "SD_ERR"). Anywhere else (a terminal, a file, a pipe) lines stay bare.
enum JournalStream {
    /// True when `environment`'s `JOURNAL_STREAM` names the file open at `descriptor`.
    static func isConnected(descriptor: Int32, environment: [String: String]) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// The syslog priorities the lines carry.
    enum Priority: Int {
        case error = 3
        case warning = 4
        case info = 6

        var prefix: String { "<\(rawValue)>" }
    }
}
