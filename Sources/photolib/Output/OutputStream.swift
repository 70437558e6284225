import Foundation
import PhotoSupport
import Synchronization

/// A buffered writer of bytes to a file descriptor (or to memory, for tests).
///
/// Safe to share between threads. A reader that goes away (`photolib list | head -1`)
/// is not an error: the first `EPIPE` closes the stream quietly and later writes are
/// dropped, so a command can finish or check `isClosed` to stop early. Any other write
/// error is kept in `writeError` for the runner to report.
///
/// A stream can also show a status line (a progress bar) that ordinary writes step
/// around: the line is cleared before they write and drawn again after.
final class OutputStream: Sendable {
    private enum Destination {
        case fileDescriptor(Int32)
        case memory
    }

    private struct State {
        var pending: [UInt8] = []
        var captured: [UInt8] = []
        var isClosed = false
        var writeError: Int32?
        var statusLine: [UInt8]?
        var statusVisible = false
        /// True after ordinary text that did not end its line; a status line waits for the newline.
        var midLine = false
    }

    private let destination: Destination
    private let isBuffered: Bool
    /// Whether `write(_:)` escapes control characters (`TerminalText`) other than newlines.
    private let escapesControls: Bool
    private let state = Mutex(State())

    /// Bytes held before a buffered stream writes them out.
    static let bufferSize = 64 * 1024

    /// A stream on `fileDescriptor`; unbuffered streams write at every call (for stderr).
    /// With `escapesControls`, text written with `write(_:)` has its control characters
    /// other than newlines escaped (a terminal, or stderr); `write(bytes:)` and
    /// `write(styled:)` are for photolib's own escapes (pictures, colour) and JSON.
    init(fileDescriptor: Int32, buffered: Bool, escapesControls: Bool = false) {
        destination = .fileDescriptor(fileDescriptor)
        isBuffered = buffered
        self.escapesControls = escapesControls
    }

    private init(memory: (), escapesControls: Bool) {
        destination = .memory
        isBuffered = false
        self.escapesControls = escapesControls
    }

    /// A stream that keeps what is written, read back with `text` and `bytes`.
    static func memory(escapesControls: Bool = false) -> OutputStream {
        OutputStream(memory: (), escapesControls: escapesControls)
    }

    /// Everything written so far to a memory stream (with status lines as drawn).
    var bytes: [UInt8] { state.withLock { $0.captured } }
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// True once the reader has gone away or a write failed; writes are then dropped.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// The `errno` of a failed write other than a closed pipe, if any.
    var writeError: Int32? { state.withLock { $0.writeError } }

    func write(_ string: String) {
        write(bytes: Array((escapesControls ? TerminalText.escaped(string, keepingNewlines: true) : string).utf8))
    }

    /// Text holding photolib's own escape sequences (colour), written as it is: whatever
    /// came from a file in it must have been escaped already.
    func write(styled string: String) {
        write(bytes: Array(string.utf8))
    }

    func write(bytes: [UInt8]) {
        state.withLock { state in
            guard !state.isClosed else { return }
            guard !bytes.isEmpty else { return }
            if state.statusVisible { append(clearLine, to: &state) }
            append(bytes, to: &state)
            state.midLine = bytes.last != UInt8(ascii: "\n")
            state.statusVisible = false
            if let status = state.statusLine, !state.midLine {
                append(status, to: &state)
                state.statusVisible = true
            }
            if !isBuffered || state.pending.count >= Self.bufferSize { send(&state) }
        }
    }

    /// Writes out whatever is buffered.
    func flush() {
        state.withLock { send(&$0) }
    }

    /// Draws `line` in place of the current status line (no newline; the cursor stays on it).
    func showStatus(_ line: String) {
        state.withLock { state in
            guard !state.isClosed else { return }
            let drawn = [UInt8(ascii: "\r")] + Array(line.utf8) + eraseToEnd
            state.statusLine = drawn
            guard !state.midLine else { return }
            state.statusVisible = true
            append(drawn, to: &state)
            send(&state)
        }
    }

    /// Erases the status line and stops redrawing it.
    func clearStatus() {
        state.withLock { state in
            guard state.statusLine != nil else { return }
            state.statusLine = nil
            if state.statusVisible { append(clearLine, to: &state) }
            state.statusVisible = false
            send(&state)
        }
    }

    private func append(_ bytes: [UInt8], to state: inout State) {
        state.pending.append(contentsOf: bytes)
    }

    private func send(_ state: inout State) {
        guard !state.pending.isEmpty else { return }
        defer { state.pending.removeAll(keepingCapacity: true) }
        switch destination {
        case .memory:
            state.captured.append(contentsOf: state.pending)
        case .fileDescriptor(let descriptor):
            if state.isClosed { return }
            if let error = writeAll(state.pending, to: descriptor) {
                state.isClosed = true
                if error != EPIPE { state.writeError = error }
            }
        }
    }
}

/// Writes every byte, retrying after signals and partial writes; the errno on failure.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        if count < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += count
    }
    return nil
}

private let eraseToEnd: [UInt8] = Array("\u{1B}[K".utf8)
private let clearLine: [UInt8] = Array("\r\u{1B}[K".utf8)

extension OutputStream {
    /// Writes `value` as one line of JSON Lines.
    func writeJSONLine(_ value: JSONValue) {
        write(bytes: value.jsonBytes() + [UInt8(ascii: "\n")])
    }

    /// Writes `value` as indented JSON and a newline.
    func writePrettyJSON(_ value: JSONValue) {
        write(bytes: value.jsonBytes(pretty: true) + [UInt8(ascii: "\n")])
    }
}
