// swift-tools-version:6.0
// libFuzzer targets for photolib's readers of untrusted bytes. A package of its own, so that
// their `LLVMFuzzerTestOneInput` entry points (libFuzzer supplies `main`) never reach the
// normal build, tests or release product. They reach `ParserProbe` through the PhotoFormats
// library product, which ../Package.swift declares only when PHOTOLIB_FUZZING is set. Built
// and run by ../Scripts/fuzz:
//   PHOTOLIB_FUZZING=1 swift build --sanitize=fuzzer --sanitize=address -Xlinker --no-gc-sections
import PackageDescription

let targets = ["Markers", "Exif", "XMP", "IPTC", "Decode", "Formats", "Containers", "Movies", "Profiles"]

let package = Package(
    name: "photolib-fuzz",
    dependencies: [.package(name: "photolib", path: "..")],
    targets: targets.map { name in
        .executableTarget(name: "Fuzz\(name)", dependencies: [.product(name: "PhotoFormats", package: "photolib")])
    },
    swiftLanguageModes: [.v6]
)
