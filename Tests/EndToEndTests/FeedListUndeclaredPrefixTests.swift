import Foundation
import TestSupport
import XCTest

/// A hand-edited feed list whose `tidings:` settings lack their xmlns declaration (the built binary):
/// every command sees every feed, and `feeds add` writes them all back with their settings.
final class FeedListUndeclaredPrefixTests: XCTestCase {
    func testFeedsAddKeepsEveryFeedOfAListWithAnUndeclaredPrefix() throws {
        let files = TestFiles(folder: try TemporaryFolder.make(self, prefix: "tidings-undeclared"))
        let list = """
            <?xml version="1.0"?>
            <opml version="2.0"><body>
            <outline type="rss" text="First" xmlUrl="http://127.0.0.1:9/first.xml"/>
            <outline type="rss" text="Pod" xmlUrl="http://127.0.0.1:9/pod.xml" tidings:auto-download="true" tidings:keep="3"/>
            <outline type="rss" text="Last" xmlUrl="http://127.0.0.1:9/last.xml"/>
            </body></opml>
            """
        try Data(list.utf8).write(to: URL(fileURLWithPath: files.feedList))
        func run(_ arguments: [String]) throws -> EndToEndRun {
            try EndToEndRun.tidings(arguments + files.arguments, testCase: self)
        }
        let exported = try run(["feeds", "export"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdout.components(separatedBy: "<outline ").count - 1, 3, exported.stdout)

        let added = try run(["feeds", "add", "--no-check", "http://127.0.0.1:9/new.xml"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let written = try String(contentsOfFile: files.feedList, encoding: .utf8)
        for url in ["first", "pod", "last", "new"] {
            XCTAssertTrue(written.contains("xmlUrl=\"http://127.0.0.1:9/\(url).xml\""), written)
        }
        XCTAssertTrue(written.contains(#"tidings:auto-download="true" tidings:keep="3""#), written)
        XCTAssertTrue(written.contains(#"xmlns:tidings="urn:tidings:opml:1""#), written)
    }
}
