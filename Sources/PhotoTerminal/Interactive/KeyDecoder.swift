/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 text, control bytes, the
/// CSI and SS3 sequences of cursor and editing keys (xterm, VT220, rxvt and tmux forms),
/// and SGR mouse reports.
///
/// A lone ESC is ambiguous: the Escape key, or the start of a sequence still on its way.
/// `next()` waits for more bytes while a sequence could still be incomplete; the caller
/// calls `flushPendingEscape()` when nothing more came in a short while (25 ms).
public struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []

    public init() {}

    public mutating func feed(_ bytes: [UInt8]) {
        buffer += bytes
    }

    /// True when bytes are waiting that may be the start of a longer sequence.
    public var hasPartialSequence: Bool { !buffer.isEmpty }

    /// The next complete key, nil when more bytes are needed (or none are left).
    public mutating func next() -> Key? {
        guard let first = buffer.first else { return nil }
        if first == 0x1B { return escapeSequence() }
        if first >= 0x80 { return utf8Character() }
        buffer.removeFirst()
        switch first {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x00: return .unknown
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(first + 0x60)))
        case 0x1C...0x1F: return .unknown
        default: return .character(Character(Unicode.Scalar(first)))
        }
    }

    /// After a pause with an incomplete sequence: the ESC alone was the Escape key.
    public mutating func flushPendingEscape() -> Key? {
        guard buffer.first == 0x1B else {
            // Half a UTF-8 character that will never be finished.
            if !buffer.isEmpty { buffer.removeFirst() }
            return buffer.isEmpty ? nil : .unknown
        }
        buffer.removeFirst()
        return .escape
    }

    private mutating func escapeSequence() -> Key? {
        guard buffer.count >= 2 else { return nil }
        switch buffer[1] {
        case UInt8(ascii: "["): return controlSequence()
        case UInt8(ascii: "O"):
            guard buffer.count >= 3 else { return nil }
            let final = buffer[2]
            buffer.removeFirst(3)
            return cursorKey(final) ?? .unknown
        case 0x1B:
            // ESC ESC: the first was the Escape key on its own.
            buffer.removeFirst()
            return .escape
        default:
            // Alt with a key: read as the key itself would be.
            buffer.removeFirst()
            return next()
        }
    }

    /// `ESC [` parameters, then a final byte in 0x40...0x7E.
    private mutating func controlSequence() -> Key? {
        var index = 2
        while index < buffer.count, !(0x40...0x7E).contains(buffer[index]) {
            index += 1
            if index > 32 {
                // Not a sequence we could ever finish: drop it.
                buffer.removeFirst(index)
                return .unknown
            }
        }
        guard index < buffer.count else { return nil }
        let parameters = String(decoding: buffer[2..<index], as: UTF8.self)
        let final = buffer[index]
        buffer.removeFirst(index + 1)
        if parameters.hasPrefix("<") {
            return mouse(parameters.dropFirst(), pressed: final == UInt8(ascii: "M")) ?? .unknown
        }
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
        if final == UInt8(ascii: "~") {
            switch numbers.first ?? 0 {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 3: return .delete
            default: return .unknown
            }
        }
        if final == UInt8(ascii: "Z") { return .backTab }
        return cursorKey(final) ?? .unknown
    }

    private func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// `button;column;row` (1-based) of an SGR report.
    private func mouse(_ text: Substring, pressed: Bool) -> Key? {
        let parts = text.split(separator: ";").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let (code, column, row) = (parts[0], parts[1] - 1, parts[2] - 1)
        // Bits 2-4 are Shift, Meta, Ctrl; 32 is motion; 64 the wheel.
        let button = code & ~(4 | 8 | 16)
        let kind: MouseEvent.Kind
        switch button {
        case 64: kind = .wheelUp
        case 65: kind = .wheelDown
        case 0...2: kind = pressed ? .press(button: button) : .release
        default: return nil
        }
        return .mouse(MouseEvent(kind: kind, column: column, row: row))
    }

    private mutating func utf8Character() -> Key? {
        let first = buffer[0]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard buffer.count >= length else { return nil }
        let bytes = buffer[0..<length]
        buffer.removeFirst(length)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let character = text.first, text.unicodeScalars.first != "\u{FFFD}" else { return .unknown }
        return .character(character)
    }
}
