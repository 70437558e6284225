import PhotoFormats

/// libFuzzer's entry point: one input to `ParserProbe.Target.movies`. A crash, a sanitizer
/// report or a timeout is a finding; returning is survival.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMovies(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = ParserProbe.Target.movies.probe(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
