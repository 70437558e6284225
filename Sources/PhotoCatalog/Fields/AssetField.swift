import Foundation
import PhotoSupport

/// A field's value as the asset JSON and `--format` templates show it; photolib writes each
/// kind its one way (times in ISO 8601 UTC, lists as JSON arrays or `a; b` in templates).
public indirect enum AssetFieldValue: Sendable {
    case text(String?)
    case integer(Int64?)
    case bool(Bool)
    case real(Double?)
    /// One of photolib's own times (indexed, popped, trashed, the file's modification).
    case time(Date?)
    /// A file name, as its exact bytes.
    case path(RawPath)
    case list([String])
    /// A nested JSON object, or null.
    case object([(name: StaticString, value: AssetFieldValue)]?)
    /// A value only the front end can give (a short id, an absolute path, renditions): it
    /// fills it in by the field's name.
    case computed
}

/// One field of an asset as people and scripts read it: its name in the asset JSON and in
/// `--format` templates, where it appears, and its value.
public struct AssetField: Sendable {
    public enum Shown: Sendable {
        case everywhere, jsonOnly, templatesOnly
    }

    public let name: StaticString
    public let shown: Shown
    public let value: @Sendable (Asset) -> AssetFieldValue

    init(_ name: StaticString, _ shown: Shown = .everywhere, _ value: @escaping @Sendable (Asset) -> AssetFieldValue) {
        self.name = name
        self.shown = shown
        self.value = value
    }

    public var inJSON: Bool { shown != .templatesOnly }
    public var inTemplates: Bool { shown != .jsonOnly }
    /// The name as text.
    public var text: String { name.description }
}

extension AssetField {
    /// A field the front end computes.
    static func computed(_ name: StaticString, _ shown: Shown = .everywhere) -> AssetField {
        AssetField(name, shown) { _ in .computed }
    }
}
