// swift-tools-version:6.0
import PackageDescription

// The layers, each depending only on those below it, so that a wrong-way import does not
// compile: PhotoSupport → PhotoFormats → PhotoCatalog → PhotoLibrary → photolib, with
// PhotoTerminal beside the library for the executable alone. Each C library is a dependency
// of the one target that owns it; no other target imports it.
let package = Package(
    name: "photolib",
    products: [
        .executable(name: "photolib", targets: ["photolib"])
    ],
    targets: [
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),

        /** Raw paths as bytes, file I/O, the directory walker, parallel work and the base error protocol. */
        .target(name: "PhotoSupport"),
        /** What is in an image file: JPEG containers, EXIF/XMP/IPTC, the codecs, resampling, orientation, the gazetteer; pure (no library, no catalog). */
        .target(
            name: "PhotoFormats",
            dependencies: ["PhotoSupport", "CExif", "CJPEG", "CTurboJPEG"],
            // The pixel loops (resampling, orientation, colour conversion) run about 100x
            // slower unoptimised, which would make debug-built tests and the debug binary
            // crawl; optimise this target in debug builds too (testing stays enabled).
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        /** The asset model, the Catalog protocol and its SQLite store (the only user of CSQLite). */
        .target(name: "PhotoCatalog", dependencies: ["PhotoSupport", "PhotoFormats", "CSQLite"]),
        /** A library folder: settings, indexing, renditions, actions, trash, export and verify; never prints, knows no command line. */
        .target(name: "PhotoLibrary", dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog"]),
        /** Pictures drawn in a terminal with libchafa: presentation, so only the executable uses it (and the interactive browser will, beside it); kept out of the executable so that CChafa stays behind one small target. */
        .target(name: "PhotoTerminal", dependencies: ["PhotoSupport", "PhotoFormats", "CChafa"]),
        /** The command line: parsing, the commands, text and JSON output. */
        .executableTarget(
            name: "photolib",
            dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog", "PhotoLibrary", "PhotoTerminal"]
        ),

        /** Helpers the test targets share (temporary folders, the corpus, synthetic JPEGs, decoded test images, catalog fixtures); no tests of its own. */
        .testTarget(name: "PhotoTestSupport", dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog"]),
        .testTarget(name: "PhotoSupportTests", dependencies: ["PhotoSupport", "PhotoTestSupport"]),
        // Fixtures/ holds raw inputs (fuzz regressions) that tests read by path, not resources.
        .testTarget(name: "PhotoFormatsTests", dependencies: ["PhotoFormats", "PhotoTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "PhotoCatalogTests", dependencies: ["PhotoCatalog", "CSQLite", "PhotoTestSupport"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "PhotoTestSupport"]),
        .testTarget(name: "PhotoTerminalTests", dependencies: ["PhotoTerminal", "PhotoTestSupport"]),
        /** End to end: the built binary run with real libraries, plus the parser and output units. */
        .testTarget(name: "photolibTests", dependencies: ["photolib", "PhotoTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz harness (Fuzzing/, a package of its own so that its entry points never reach this
// build) reaches ParserProbe through this library product, declared only when Scripts/fuzz
// asks for it: a normal build offers no library product, so none carries PhotoFormats'
// unsafe flags.
if Context.environment["PHOTOLIB_FUZZING"] != nil {
    package.products.append(.library(name: "PhotoFormats", targets: ["PhotoFormats"]))
}
