import Foundation

/// What a format's library said when it refused a file: the format and the library's message.
struct CodecError: Error, Equatable {
    var format: ImageFormat
    var message: String
    /// Set when the file is sound but a variant photolib does not read yet ("PSB", "PSD
    /// without a composite"): the index counts it apart instead of as a failure.
    var notReadYet: String?

    init(format: ImageFormat, message: String, notReadYet: String? = nil) {
        self.format = format
        self.message = message
        self.notReadYet = notReadYet
    }
}
