import Foundation
import TestSupport
import XCTest

/// A newsboat query feed imported from a urls file finds what newsboat finds: `rssurl` matches feed
/// URLs (never titles); a condition with no exact translation is refused, named, and counted.
/// (`FeedsCommandTests`' files and runs.)
extension FeedsCommandTests {
    func testRSSURLQueryMatchesFeedURLsAndUntranslatableOnesAreRefused() throws {
        let matching = try writeFeed("rss-001.xml", title: "Morning", items: 3)
        let upper = try writeFeed("RSS-002.xml", title: "Evening", items: 2)
        let titled = try writeFeed("other.xml", title: "rss-00 fans", items: 4)
        let urls = """
            \(matching)
            \(upper)
            \(titled)
            "query:ByURL:rssurl =~ \\"rss-00\\""
            "query:Body:content =~ \\"cobol\\""

            """
        try urls.write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        let imported = try tidings(["feeds", "import", folder + "/urls"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, """
            added the query feed ByURL to \(folder)/c.toml
            imported 3 feeds, 0 already listed, 1 not imported

            """)
        XCTAssertEqual(
            imported.stderr,
            "tidings: \(folder)/urls line 5: query feed \"Body\": cannot translate content =~ cobol; not imported\n")
        let config = try String(contentsOfFile: folder + "/c.toml", encoding: .utf8)
        XCTAssertTrue(config.contains(#"query = "feedurl =~ \"(?i)rss-00\"""#), config)
        XCTAssertFalse(config.contains("Body"), config)

        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        // newsboat's =~ ignores case: both rss-00 feeds, and not the feed whose title says rss-00.
        let counted = try tidings(["count", "--query", #"feedurl =~ "(?i)rss-00""#])
        XCTAssertEqual(counted.stdout, "5 articles match (5 unread, 0 starred)\n", counted.stderr)
    }
}
