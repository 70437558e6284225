/// The data the caption filter matches against: what cameras and their software write into
/// caption fields by themselves. Compared after `CaptionFilter.normalised` (lowercase, runs
/// of spaces and underscores as one space), so each entry is written that way.
enum CameraBoilerplate {
    /// Whole captions that say nothing about the photo, seen on real cameras, phones and tools.
    static let phrases: Set<String> = [
        "olympus digital camera", "sony dsc", "digital camera", "default", "sony digital camera",
        "epson dsc picture", "sanyo digital camera", "kodak digital still camera", "minolta digital camera",
        "minolta dsc", "konica minolta digital camera", "user comments", "user comment", "samsung",
        "samsung digital camera", "samsung digimax", "exif jpeg picture", "jpeg picture", "lg digital camera",
        "nikon digital camera", "casio digital camera", "fujifilm digital camera", "pentax digital camera",
        "digital still camera", "digital still camera image", "dsc picture", "camera", "my camera",
        "hp photosmart", "leica digital camera", "ricoh digital camera", "panasonic digital camera",
        "image description", "description", "title", "comment", "comments", "caption",
        "null", "(null)", "<null>", "nil", "none", "<none>", "(none)", "n/a", "na", "untitled", "no title",
        "no comment", "no description", "empty", "unknown", "image", "picture", "jpeg", "jpg",
        "ascii", "unicode",
    ]

    /// Makers whose name, alone or followed by one of `makerSuffixes`, is boilerplate
    /// ("EPSON DSC picture", "Minolta DSC", "KODAK Digital Still Camera").
    static let makers: Set<String> = [
        "agfa", "aiptek", "apple", "argus", "benq", "canon", "casio", "concord", "contax", "digital",
        "epson", "fuji", "fujifilm", "ge", "google", "hasselblad", "hp", "hewlett-packard", "htc", "huawei",
        "jvc", "kodak", "konica", "konica minolta", "kyocera", "leica", "lg", "medion", "minolta",
        "motorola", "mustek", "nikon", "nokia", "olympus", "oneplus", "panasonic", "pentax", "polaroid",
        "praktica", "premier", "ricoh", "rollei", "samsung", "sanyo", "sharp", "sigma", "sony",
        "sony ericsson", "toshiba", "traveler", "vivitar", "xiaomi", "yashica", "gopro", "dji",
    ]

    /// What a camera puts after its maker's name.
    static let makerSuffixes: [String] = [
        "digital camera", "digital still camera", "dsc picture", "dsc", "digital", "camera", "digicam",
        "picture", "image", "photo", "digital image", "dsc image", "corporation", "imaging", "action cam",
        "action camera",
    ]

    /// File extensions of the pictures and films cameras write; a caption that is one such
    /// file name is the camera's (or a tool's) doing.
    static let fileExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "thm", "tif", "tiff", "png", "gif", "bmp", "heic", "heif", "webp",
        "dng", "nef", "nrw", "cr2", "cr3", "crw", "arw", "srf", "sr2", "orf", "rw2", "raf", "pef", "srw",
        "raw", "mov", "mp4", "avi", "mts", "3gp",
    ]
}
