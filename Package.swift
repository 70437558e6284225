// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "photolib",
    products: [
        .executable(name: "photolib", targets: ["photolib"]),
        .library(name: "PhotoCore", targets: ["PhotoCore"]),
    ],
    targets: [
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(
            name: "PhotoCore",
            dependencies: ["CExif", "CTurboJPEG", "CSQLite", "CJPEG", "CChafa"],
            // The pixel loops (resampling, orientation, colour conversion) run about 100x
            // slower unoptimised, which would make debug-built tests and the debug binary
            // crawl; optimise the core in debug builds too (testing stays enabled).
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .executableTarget(name: "photolib", dependencies: ["PhotoCore"]),
        // Fixtures/ holds raw inputs (fuzz regressions) that tests read by path, not resources.
        .testTarget(name: "PhotoCoreTests", dependencies: ["PhotoCore"], exclude: ["Fixtures"]),
        .testTarget(name: "photolibTests", dependencies: ["photolib"]),
    ],
    swiftLanguageModes: [.v6]
)
