import PhotoSupport
import Synchronization

/// The transforms of one process, built once per source description and kept: a library's
/// photos share a few profiles (a camera's Adobe RGB, a phone's Display P3), and building a
/// transform costs far more than applying it to a preview.
///
/// Keyed by the description's content hash (the profile's bytes, or the primaries and curve),
/// the input layout and the target. A description that cannot be used is kept too, with its
/// reason, so that a thousand photos with one broken profile parse it once.
package enum ColourTransforms {
    /// What a description gives: a transform, nothing to do (the source is the target already),
    /// or why it cannot be used.
    package enum Lookup: Sendable {
        case transform(ColourTransform)
        case identity(sourceName: String?)
        case unusable(ColourError)
    }

    /// Descriptions kept at most; past this the cache starts again (a library with so many
    /// different profiles is rare, and each is cheap to build again).
    private static let capacity = 256
    private static let cache = Mutex<[String: Lookup]>([:])

    /// The transform from `description` (nil: sRGB) for pixels laid out as `input`, into `target`.
    package static func lookup(
        _ description: ColourDescription?, input: ColourInput = .rgb, target: ColourTarget
    ) -> Lookup {
        if description == nil, input == .rgb || input == .rgb16, target == .sRGB {
            return .identity(sourceName: "sRGB")
        }
        let key = self.key(description, input: input, target: target)
        if let found = cache.withLock({ $0[key] }) { return found }
        let made = build(description, input: input, target: target)
        cache.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
        }
        return made
    }

    private static func key(_ description: ColourDescription?, input: ColourInput, target: ColourTarget) -> String {
        let source: String =
            switch description {
            case nil: "srgb"
            case .iccProfile(let bytes): "icc-" + ContentHash.of(bytes).description
            case .parametric(let primaries, let transfer): "param-\(primaries)-\(transfer)"
            }
        return "\(source)|\(input)|\(target.rawValue)"
    }

    /// `tables: false`: LittleCMS's own path always (see `ColourTransform.init`).
    static func build(
        _ description: ColourDescription?, input: ColourInput, target: ColourTarget, tables: Bool = true
    ) -> Lookup {
        do throws(ColourError) {
            let context = try LittleCMSContext()
            let source: ColourProfile
            var name: String?
            switch description {
            case nil:
                source = try ColourProfile(sRGBIn: context)
                name = "sRGB"
            case .iccProfile(let bytes):
                source = try ColourProfile(bytes: bytes, context: context)
                name = source.name
                if target == .sRGB, input == .rgb || input == .rgb16, source.isSRGB {
                    return .identity(sourceName: name)
                }
            case .parametric(let primaries, let transfer):
                source = try ColourProfile(primaries, transfer, context: context)
                name = ColourDescription.parametricName(primaries, transfer)
            }
            let destination = try targetProfile(target, context: context)
            return .transform(
                try ColourTransform(from: source, to: destination, input: input, name: name, tables: tables))
        } catch {
            return .unusable(error)
        }
    }

    private static func targetProfile(
        _ target: ColourTarget, context: LittleCMSContext
    ) throws(ColourError)
        -> ColourProfile
    {
        switch target {
        case .sRGB: try ColourProfile(sRGBIn: context)
        case .displayP3: try ColourProfile(.displayP3, .sRGB, context: context)
        }
    }

    /// The Display P3 profile P3 renditions carry (P3 primaries, D65, sRGB's curve).
    static let displayP3Profile: [UInt8]? = {
        guard let context = try? LittleCMSContext(),
            let profile = try? ColourProfile(.displayP3, .sRGB, context: context)
        else { return nil }
        return profile.bytes()
    }()
}
