import Foundation

/// What a format's library said when it refused a file: the format and the library's message.
struct CodecError: Error, Equatable {
    var format: ImageFormat
    var message: String
}
