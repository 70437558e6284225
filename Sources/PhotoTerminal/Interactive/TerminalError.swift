import Foundation
import PhotoSupport

/// The interactive terminal could not be used: there is none, or it refused a setting.
public struct TerminalError: PhotolibError, Equatable {
    public enum Reason: Sendable, Equatable {
        /// No controlling terminal to draw on (a cron job, a pipe with no terminal behind it).
        case noTerminal(errno: Int32)
        /// The device is not a terminal.
        case notATerminal
        /// A terminal setting (raw mode) was refused.
        case settingRefused(errno: Int32)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind { .failure }

    public var description: String {
        switch reason {
        case .noTerminal(let code):
            "\(path): no terminal to draw on (\(String(cString: strerror(code)))); run it from a terminal"
        case .notATerminal: "\(path): not a terminal"
        case .settingRefused(let code):
            "\(path): cannot switch the terminal to raw mode (\(String(cString: strerror(code))))"
        }
    }
}
