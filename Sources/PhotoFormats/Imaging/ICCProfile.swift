/// Which embedded ICC profiles can travel into a rendition.
package enum ICCProfile {
    /// `profile` when it describes RGB data (its header's colour space is `RGB `), else nil:
    /// renditions are always RGB, so a CMYK or gray profile would misdescribe them.
    package static func carriedIntoRGB(_ profile: [UInt8]) -> [UInt8]? {
        guard profile.count >= 128 else { return nil }
        return profile[16..<20].elementsEqual("RGB ".utf8) ? profile : nil
    }
}
