// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Tidings",
    // macOS 15 is the first with every API used here: `Mutex` (Synchronization) and typed throws in
    // the standard library. Linux has no platform floor; the toolchain is Swift 6.1 or later.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tidings", targets: ["tidings"]),
        .library(name: "FeedModel", targets: ["FeedModel"]),
        .library(name: "FeedHTML", targets: ["FeedHTML"]),
        // The modules the fuzz harnesses (Fuzz/, a package of its own) reach by path.
        .library(name: "TidingsText", targets: ["TidingsText"]),
        .library(name: "FeedFetch", targets: ["FeedFetch"]),
        .library(name: "FeedStore", targets: ["FeedStore"]),
        .library(name: "TerminalView", targets: ["TerminalView"]),
        .library(name: "FeedExport", targets: ["FeedExport"]),
        .library(name: "ReaderControllers", targets: ["ReaderControllers"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // C libraries: system modules found through pkg-config, with typed shims for variadic calls.
        .systemLibrary(
            name: "CLibXML2", path: "Sources/C/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CCurl", path: "Sources/C/CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/C/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CDeflate", path: "Sources/C/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(
            name: "CBrotli", path: "Sources/C/CBrotli", pkgConfig: "libbrotlidec", providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(
            name: "CZstd", path: "Sources/C/CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        .systemLibrary(
            name: "CPCRE2", path: "Sources/C/CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .target(name: "CTerminal", path: "Sources/C/CTerminal"),
        // SSE2 byte scans for the parser's hot loops (Swift's SIMD types do not compile to vector code).
        .target(name: "CByteScan", path: "Sources/C/CByteScan"),

        // The leaf text module: entities, escaping, display widths, dates, durations, hashing; imports no
        // project module, and every module may use it.
        .target(name: "TidingsText"),

        // Markup and text decoding that knows nothing of feeds: the HTML sanitizer, HTML to text, the
        // article extractor, and the charset decoding, dates and libxml2 support under them.
        .target(name: "FeedHTML", dependencies: ["CLibXML2", "CByteScan", "TidingsText"]),

        // Modules that do one thing each and know nothing of one another.
        .target(name: "FeedModel", dependencies: ["FeedHTML", "CLibXML2", "TidingsText"]),
        .target(name: "FeedFetch", dependencies: ["TidingsText", "CCurl", "CDeflate", "CZstd", "CBrotli"]),
        // Feed-service protocols (Google Reader API, Fever) on FeedFetch's HTTP.
        .target(name: "FeedSync", dependencies: ["FeedFetch", "FeedModel", "TidingsText"]),
        .target(
            name: "FeedStore",
            dependencies: [
                "FeedModel", "FeedHTML", "TidingsText", "CZlib", "CDeflate", "CZstd", "CPCRE2",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .target(name: "TerminalView", dependencies: ["CTerminal", "TidingsText"]),
        // Headline export: one writer per format, the streaming pipeline, Mustache templates.
        .target(
            name: "FeedExport",
            dependencies: [
                "FeedModel", "FeedHTML", "FeedStore", "TidingsText", .product(name: "Mustache", package: "swift-mustache"),
            ]),

        // The composition root and controllers, and the command line on top of them.
        .target(
            name: "ReaderControllers",
            dependencies: [
                "FeedModel", "FeedHTML", "FeedFetch", "FeedSync", "FeedStore", "FeedExport", "TerminalView",
                "TidingsText", .product(name: "TOMLKit", package: "TOMLKit"),
            ]),
        .executableTarget(
            name: "tidings",
            dependencies: [
                "ReaderControllers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Kept out of the product's folders: the local HTTP feed server the tests and benchmarks run
        // against, and the benchmark command that `make bench` (Benchmarks/run.sh) drives.
        .target(name: "LocalFeedServer", path: "Tests/LocalFeedServer"),
        .executableTarget(
            name: "tidings-bench",
            dependencies: [
                "FeedModel", "FeedHTML", "FeedFetch", "FeedStore", "TerminalView", "ReaderControllers",
                "LocalFeedServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/tidings-bench"),

        // Test-only helpers shared by the test targets: the built binary, the local feed server,
        // temporary folders.
        .target(name: "TestSupport", dependencies: ["LocalFeedServer", "FeedModel", "FeedStore"], path: "Tests/TestSupport"),

        .testTarget(name: "TidingsTextTests", dependencies: ["TidingsText"]),
        .testTarget(
            name: "FeedHTMLTests", dependencies: ["FeedHTML", "FeedModel", "TidingsText", "CLibXML2", "TestSupport"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "FeedModelTests", dependencies: ["FeedModel", "FeedHTML", "TidingsText", "CLibXML2", "TestSupport"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "FeedFetchTests", dependencies: ["FeedFetch", "TestSupport"], resources: [.copy("Resources")]),
        .testTarget(
            name: "FeedStoreTests",
            dependencies: ["FeedStore", "FeedModel", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "FeedSyncTests", dependencies: ["FeedSync", "FeedFetch", "TidingsText", "TestSupport"],
            resources: [.copy("Resources")]),
        .testTarget(name: "TerminalViewTests", dependencies: ["TerminalView", "TidingsText", "TestSupport"]),
        .testTarget(
            name: "FeedExportTests",
            dependencies: ["FeedExport", "FeedStore", "FeedModel", "FeedHTML", "CLibXML2", "TestSupport"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "ReaderControllersTests",
            dependencies: [
                "ReaderControllers", "FeedModel", "FeedStore", "FeedExport", "TerminalView", "FeedFetch",
                "TestSupport",
            ]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "FeedStore"]),
    ],
    swiftLanguageModes: [.v6]
)
