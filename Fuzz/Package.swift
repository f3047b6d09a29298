// swift-tools-version:6.1
import PackageDescription

// The fuzz harnesses: one libFuzzer executable per entry point that reads untrusted input, kept in a
// package of their own so that the sanitizer flags never reach the normal build and tests. Built
// and run by `make fuzz` (see docs/fuzzing.md): `swift build -c release -Xswiftc -enable-testing
// --sanitize=fuzzer --sanitize=address`, so that `@testable import` reaches internal entry points.

/// Each harness: its folder under Harnesses/ and the modules of the main package it drives.
let harnesses: [(name: String, folder: String, products: [String])] = [
    ("fuzz-feed", "Feed", ["FeedModel"]),
    ("fuzz-feed-stream", "FeedStream", ["FeedModel"]),
    ("fuzz-json-feed", "JSONFeed", ["FeedModel"]),
    ("fuzz-sanitize", "Sanitize", ["FeedModel", "FeedHTML"]),
    ("fuzz-extract", "Extract", ["FeedModel", "FeedHTML"]),
    ("fuzz-html-text", "HTMLText", ["FeedModel", "FeedHTML", "TidingsText"]),
    ("fuzz-discovery", "Discovery", ["FeedModel"]),
    ("fuzz-opml", "OPML", ["FeedModel"]),
    ("fuzz-newsboat", "Newsboat", ["FeedModel"]),
    ("fuzz-date", "Date", ["FeedModel", "FeedHTML", "TidingsText", "FeedExport"]),
    ("fuzz-http-headers", "HTTPHeaders", ["FeedFetch"]),
    ("fuzz-content-decoding", "ContentDecoding", ["FeedFetch"]),
    ("fuzz-keys", "Keys", ["TerminalView"]),
    ("fuzz-terminal-text", "TerminalText", ["TerminalView", "ReaderControllers"]),
    ("fuzz-query", "Query", ["FeedStore", "FeedModel", "ReaderControllers"]),
    ("fuzz-config", "Config", ["ReaderControllers"]),
]

let package = Package(
    name: "TidingsFuzz",
    dependencies: [.package(name: "Tidings", path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Support/Common"),
        .target(
            name: "FeedChecks", dependencies: [
                "FuzzSupport", .product(name: "FeedModel", package: "Tidings"),
                .product(name: "FeedHTML", package: "Tidings"),
                .product(name: "TidingsText", package: "Tidings"),
            ],
            path: "Support/FeedChecks"),
    ] + harnesses.map { harness in
        .executableTarget(
            name: harness.name,
            dependencies: ["FuzzSupport", "FeedChecks"] + harness.products.map { .product(name: $0, package: "Tidings") },
            path: "Harnesses/\(harness.folder)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    },
    swiftLanguageModes: [.v6]
)
