import PhotoFormats

/// libFuzzer's entry point: one input to `ParserProbe.Target.profiles`. A crash, a sanitizer
/// report or a timeout is a finding; returning is survival.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = ParserProbe.Target.profiles.probe(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
