import FeedModel
import XCTest

/// FeedDiscovery on hand-written pages: link types and rel tokens, base href, relative and
/// protocol-relative hrefs, repeats, and what must be ignored.
final class DiscoveryTests: XCTestCase {
    func testFindsAlternateFeedLinksResolvedAgainstThePage() {
        let html = """
            <!doctype html><HTML><HEAD>
            <LINK REL="Alternate" TYPE="application/rss+xml" TITLE="RSS" HREF="/feed.xml">
            <link rel="alternate" type="application/atom+xml; charset=utf-8" href="atom.xml">
            <link rel="alternate" type="application/feed+json" href="//cdn.example/feed.json" title=" JSON ">
            <link rel="alternate" type="text/html" href="/other.html">
            <link rel="stylesheet" type="application/rss+xml" href="/not-a-feed.xml">
            <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
            <link rel="alternate" type="application/rss+xml" href="/feed.xml">
            </head><body><a rel="alternate" type="application/rss+xml" href="/body-link.xml">x</a></body></HTML>
            """
        let found = FeedDiscovery.discover(html: Array(html.utf8), baseURL: "https://site.example/blog/post")
        XCTAssertEqual(found.map(\.url), [
            "https://site.example/feed.xml", "https://site.example/blog/atom.xml", "https://cdn.example/feed.json",
        ])
        XCTAssertEqual(found.map(\.title), ["RSS", nil, "JSON"])
        XCTAssertEqual(found.map(\.type), ["application/rss+xml", "application/atom+xml", "application/feed+json"])
    }

    func testBaseHrefAndBrokenMarkup() {
        let html = "<html><head><base href=\"https://other.example/dir/\"><link rel=alternate type=application/rss+xml href=rss"
        let found = FeedDiscovery.discover(html: Array(html.utf8), baseURL: "https://site.example/")
        XCTAssertEqual(found.map(\.url), ["https://other.example/dir/rss"])
        XCTAssertEqual(FeedDiscovery.discover(html: [], baseURL: nil), [])
        XCTAssertEqual(FeedDiscovery.discover(html: Array("<p>no links</p>".utf8), baseURL: nil), [])
    }
}
