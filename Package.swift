// swift-tools-version:6.0
import PackageDescription

// The layers, each depending only on those below it, so that a wrong-way import does not
// compile: PhotoSupport → PhotoFormats → PhotoCatalog → PhotoCatalogPostgres → PhotoLibrary → photolib, with
// PhotoTerminal beside the library and PhotoBrowser above both, for the executable alone.
// Each C library is a dependency of the one target that owns it; no other target imports it.
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
        // libpng's errors longjmp: a C target owns the setjmp (and zlib, for compressed text chunks).
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // libtiff's handlers take a va_list and its getters are variadic: a C target owns them.
        // Opened on first use (CLazyLibrary): only its headers are needed to build.
        .target(name: "CTIFF", dependencies: ["CLazyLibrary"]),
        // giflib (libgif-dev): reading from memory takes a callback, and walking past frames a
        // loop of low-level calls that must free what giflib keeps of each: a C target owns them.
        .target(name: "CGIF", linkerSettings: [.linkedLibrary("gif")]),
        // LittleCMS (liblcms2-dev), linked: small, and every colour-managed rendition needs it.
        // A C target owns its error handler, which records a bad profile's message per context.
        .target(name: "CLCMS", linkerSettings: [.linkedLibrary("lcms2")]),
        // libheif (libheif-dev), LibRaw (libraw-dev) and libpq (libpq-dev) are opened on first
        // use, not linked: with the decoders, TLS and Kerberos libraries they bring, they were
        // two thirds of the libraries every process loaded, and libde265's constructor alone
        // a quarter of the instructions of `photolib --version`. Each C target defines the
        // functions photolib calls, forwarding to the library CLazyLibrary opens.
        .target(name: "CLazyLibrary"),
        .target(name: "CHeif", dependencies: ["CLazyLibrary"]),
        .target(name: "CLibRaw", dependencies: ["CLazyLibrary"]),
        .target(name: "CLibPQ", dependencies: ["CLazyLibrary"]),
        // libmicrohttpd (libmicrohttpd-dev), opened when `serve` starts: no other command loads it.
        .target(name: "CMicroHTTPD", dependencies: ["CLazyLibrary"]),
        // FFmpeg (libavformat-dev, libavcodec-dev, libswscale-dev, libavutil-dev), opened when
        // the first video is met, in the video worker child only (see VideoWorker).
        .target(name: "CFFmpeg", dependencies: ["CLazyLibrary"]),

        /** Raw paths as bytes, file I/O, the directory walker, parallel work and the base error protocol. */
        .target(name: "PhotoSupport"),
        /** What is in an image file: JPEG containers, EXIF/XMP/IPTC, codecs, resampling, orientation, the gazetteer. */
        .target(
            name: "PhotoFormats",
            dependencies: [
                "PhotoSupport", "CExif", "CJPEG", "CTurboJPEG", "CHeif", "CPNG", "CLibRaw", "CWebP", "CTIFF",
                "CFFmpeg", "CLCMS", "CGIF",
            ],
            // Pure: no library, no catalog. The pixel loops (resampling, orientation, colour
            // conversion) run about 100x slower unoptimised, which would make debug-built tests
            // and the debug binary crawl; optimise this one target in debug builds too (testing
            // stays enabled).
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        /** The asset model, the Catalog protocol and its SQLite store. */
        .target(name: "PhotoCatalog", dependencies: ["PhotoSupport", "PhotoFormats", "CSQLite"]),
        /** The Catalog protocol on a PostgreSQL server (libpq): one schema per library, shared by many machines. */
        // Beside the SQLite store rather than inside PhotoCatalog, so that libpq sits behind a
        // target of its own: PhotoCatalog keeps the model and the embedded store, and this
        // target reaches its helpers through `package` access only.
        .target(
            name: "PhotoCatalogPostgres", dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog", "CLibPQ"]),
        /** A library folder: settings, indexing, renditions, actions, trash, export, verify; never prints. */
        .target(
            name: "PhotoLibrary",
            dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog", "PhotoCatalogPostgres"]),
        /** Pictures drawn in a terminal (kitty, iTerm, sixel, symbols) with libchafa. */
        // Presentation, so only the executable uses it; a target of its own rather than files of
        // the executable so that CChafa sits behind one small module, testable alone, beside
        // which the interactive browser can live.
        .target(name: "PhotoTerminal", dependencies: ["PhotoSupport", "PhotoFormats", "CChafa"]),
        /** The interactive browser and chooser (`browse`, `pick`): a thumbnail grid with peek and pop, in a terminal. */
        // Presentation too, for the executable alone: it draws, but never parses a command line,
        // prints to stdout or exits; the executable gives it the text of facts and details.
        .target(
            name: "PhotoBrowser",
            dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog", "PhotoLibrary", "PhotoTerminal"]
        ),
        /** The gallery in a web browser (`serve`): an HTTP server over the library, its pages embedded. */
        // Presentation, for the executable alone, as the terminal browser: it answers requests
        // with the core's pages, renditions and actions, and is handed the asset JSON by the
        // executable (one writer for the CLI and the web); it never prints or exits.
        .target(
            name: "PhotoServer",
            dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog", "PhotoLibrary", "CMicroHTTPD"],
            resources: [.embedInCode("Web")]
        ),
        /** The command line: argument parsing, the commands, text and JSON output. */
        .executableTarget(
            name: "photolib",
            dependencies: [
                "PhotoSupport", "PhotoFormats", "PhotoCatalog", "PhotoLibrary", "PhotoTerminal", "PhotoBrowser",
                "PhotoServer",
            ],
            // Every command pays the process start, and `list | head` waits for it: linked
            // against the Swift runtime and Foundation as shared libraries, the dynamic loader
            // spent about 5 ms of CPU binding their symbols before `main`. Linked in, their
            // references are resolved when the binary is made. Release only: the test bundle
            // (debug) links XCTest, which brings the shared runtime, and one process cannot
            // hold two.
            // Objects compiled against the shared Foundation name only it for the linker: the
            // static archives it needs follow it.
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                        "-l_FoundationCollections", "-lswiftSynchronization",
                    ], .when(configuration: .release))
            ]
        ),

        /** Helpers the test targets share: temporary folders, the corpus, synthetic JPEGs, catalog fixtures. */
        // A test target with no tests of its own: never part of a release build, and free to
        // use `@testable import`.
        .testTarget(
            name: "PhotoTestSupport",
            dependencies: ["PhotoSupport", "PhotoFormats", "PhotoCatalog", "PhotoCatalogPostgres"]),
        // The content fingerprint is also checked as the image reader computes it, hence PhotoFormats.
        .testTarget(name: "PhotoSupportTests", dependencies: ["PhotoSupport", "PhotoFormats", "PhotoTestSupport"]),
        .testTarget(
            name: "PhotoFormatsTests",
            dependencies: ["PhotoFormats", "PhotoTestSupport"],
            // Raw inputs (fuzz regressions) that tests read by path, not resources.
            exclude: ["Fixtures"]
        ),
        // The same catalog tests run against both stores (see TestCatalog).
        .testTarget(
            name: "PhotoCatalogTests", dependencies: ["PhotoCatalog", "PhotoCatalogPostgres", "PhotoTestSupport"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "PhotoTestSupport"]),
        .testTarget(name: "PhotoTerminalTests", dependencies: ["PhotoTerminal", "PhotoTestSupport"]),
        .testTarget(name: "PhotoServerTests", dependencies: ["PhotoServer", "PhotoTestSupport"]),
        .testTarget(
            name: "PhotoBrowserTests",
            dependencies: ["PhotoBrowser", "PhotoLibrary", "PhotoCatalog", "PhotoTestSupport"]
        ),
        /** End to end: the built binary run on real libraries; and the parser's and output's units. */
        // PhotoTestSupport for the PostgreSQL test server the PostgreSQL-backed libraries use.
        .testTarget(
            name: "photolibTests", dependencies: ["photolib", "PhotoTestSupport"],
            // Expected outputs (GoldenOutputTests) and the browser tests' Selenium script, read by
            // path, not resources.
            exclude: ["Golden", "Browser"]),
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
