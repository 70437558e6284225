import PhotoFormats
import PhotoSupport

/// The longest text a person may give an asset, in Unicode code points (characters as
/// most people count them; a CJK character or an emoji is one, whatever its UTF-8 length).
///
/// Every edit is checked against these before anything is written: a 100 MB caption once
/// became a 100 MB sidecar that no later edit could read back (sidecars are read up to
/// 16 MiB). The caption's is IPTC's Caption-Abstract limit (2000); IPTC bounds a keyword at
/// 64 bytes and a city at 32, too short for real hierarchies and names, while XMP bounds
/// neither, so those are photolib's own: room for any real name, nowhere near a megabyte.
public enum AssetTextLimits {
    public static let caption = 2000
    public static let city = 200
    /// One keyword, a hierarchy (`Places/France/Bordeaux`) counted whole.
    public static let keyword = 200
    /// Keywords of one asset.
    public static let keywordCount = 1000

    /// One person's name, as long as a keyword may be (and as `People.maximumNameLength`).
    public static let person = People.maximumNameLength
    /// People of one asset, as many as a file may name (`People.maximumCount`).
    public static let personCount = People.maximumCount

    /// The most UTF-8 bytes any one field within the limits can take (4 a code point): a
    /// reader may refuse a longer field before it has read it all.
    public static let maximumFieldBytes = 4 * caption

    /// Why `change` is over a limit ("caption of 2345 characters is over the 2000-character
    /// limit"), nil when it is within them.
    public static func problem(_ change: AssetEdit.Change) -> String? {
        switch change {
        case .caption(let text?): return problem(text, field: "caption", limit: caption)
        case .city(let text?): return problem(text, field: "city", limit: city)
        case .addKeywords(let keywords), .removeKeywords(let keywords), .keywords(let keywords):
            if keywords.count > keywordCount {
                return "\(keywords.count) keywords is over the \(keywordCount)-keyword limit"
            }
            return keywords.lazy.compactMap { problem($0, field: "keyword", limit: keyword) }.first
        case .addPeople(let people), .removePeople(let people), .people(let people):
            if people.count > personCount {
                return "\(people.count) people is over the \(personCount)-person limit"
            }
            return people.lazy.compactMap { problem($0, field: "name", limit: person) }.first
        default: return nil
        }
    }

    private static func problem(_ text: String, field: String, limit: Int) -> String? {
        // Counting stops past the limit: a huge value costs no more than a long one.
        var count = 0
        for _ in text.unicodeScalars {
            count += 1
            if count > limit { break }
        }
        guard count > limit else { return nil }
        return "\(field) of \(text.unicodeScalars.count) characters is over the \(limit)-character limit"
    }
}

/// An edit refused for text over a limit of `AssetTextLimits`; nothing was changed.
public struct TextLimitError: PhotolibError, Equatable {
    public var problem: String

    public init(problem: String) {
        self.problem = problem
    }

    public var kind: ErrorKind { .usage }
    public var description: String { "\(problem); nothing was changed" }
}
