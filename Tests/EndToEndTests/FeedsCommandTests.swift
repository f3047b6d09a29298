import Foundation
import TestSupport
import XCTest

/// Runs the built `tidings feeds ...` on files in a temporary folder, comparing full output and exit
/// status.
final class FeedsCommandTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tidings-feeds-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func tidings(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(
            arguments + ["--feeds", folder + "/feeds.opml", "--db", folder + "/t.db", "--config", folder + "/c.toml"],
            testCase: self)
    }

    func writeFeed(_ name: String, title: String, items: Int) throws -> String {
        var text = "<rss version=\"2.0\"><channel><title>\(title)</title><link>https://x.example/</link>"
        for i in 0..<items { text += "<item><guid>\(name)-\(i)</guid><title>Item \(i)</title></item>" }
        text += "</channel></rss>"
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAddListRemoveAndDuplicates() throws {
        let path = try writeFeed("local.xml", title: "Local News", items: 3)
        let added = try tidings(["feeds", "add", path, "--tag", "home"])
        XCTAssertEqual(added.stdout, "added Local News <\(path)>\n")
        XCTAssertEqual(added.stderr, "")
        XCTAssertEqual(added.status, 0)

        let duplicate = try tidings(["feeds", "add", path])
        XCTAssertEqual(duplicate.status, 1)
        XCTAssertEqual(duplicate.stderr, "tidings: feed already in the list: \(path)\n")

        let later = try tidings(["feeds", "add", "http://127.0.0.1:9/later.xml", "--no-check", "--title", "Later"])
        XCTAssertEqual(later.stdout, "added Later <http://127.0.0.1:9/later.xml>\n")

        XCTAssertEqual(try tidings(["refresh"]).status, 1)
        let list = try tidings(["feeds", "list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout.split(separator: "\n").sorted(), [
            "Later\thttp://127.0.0.1:9/later.xml\t0\t0\t\terror: could not connect",
            "Local News\t\(path)\t3\t3\thome\tok",
        ].sorted().map { Substring($0) }, list.stdout)

        let json = try tidings(["feeds", "list", "--json"])
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let local = try XCTUnwrap(items.first { $0["url"] as? String == path })
        XCTAssertEqual(local["title"] as? String, "Local News")
        XCTAssertEqual(local["tags"] as? [String], ["home"])
        XCTAssertEqual(local["unread"] as? Int, 3)
        XCTAssertEqual(local["last_status"] as? Int, 0)
        XCTAssertNil(local["last_error"])

        let removed = try tidings(["feeds", "remove", "Later"])
        XCTAssertEqual(removed.stdout, "removed http://127.0.0.1:9/later.xml\n")
        let missing = try tidings(["feeds", "remove", "Later"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "tidings: no feed Later in the feed list\n")
        XCTAssertEqual(try tidings(["feeds", "export", "--format", "urls"]).stdout, "\(URL(fileURLWithPath: path).absoluteString) \"~Local News\" home\n")
    }

    func testImportNewsboatURLsAndExportOPML() throws {
        let urls = "https://a.example/rss tech \"~Alpha\"\n# comment\nhttps://b.example/atom\n"
        try urls.write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        let imported = try tidings(["feeds", "import", folder + "/urls"])
        XCTAssertEqual(imported.stdout, "imported 2 feeds, 0 already listed, 0 not imported\n")
        XCTAssertEqual(
            try tidings(["feeds", "import", folder + "/urls"]).stdout, "imported 0 feeds, 2 already listed, 0 not imported\n")
        let opml = try tidings(["feeds", "export"])
        XCTAssertEqual(opml.status, 0)
        XCTAssertTrue(opml.stdout.hasPrefix("<?xml"), opml.stdout)
        XCTAssertTrue(opml.stdout.contains("xmlUrl=\"https://a.example/rss\""))
        XCTAssertTrue(opml.stdout.contains("title=\"Alpha\""))
        XCTAssertTrue(opml.stdout.contains("text=\"tech\""))
        try opml.stdout.write(toFile: folder + "/out.opml", atomically: true, encoding: .utf8)
        let other = try EndToEndRun.tidings(
            ["feeds", "import", folder + "/out.opml", "--feeds", folder + "/2.opml", "--db", folder + "/2.db"],
            testCase: self)
        XCTAssertEqual(other.stdout, "imported 2 feeds, 0 already listed, 0 not imported\n")
    }

    func testBadFeedListAndBadImportExitWithDataAndInputErrors() throws {
        try "not xml at all".write(toFile: folder + "/feeds.opml", atomically: true, encoding: .utf8)
        let broken = try tidings(["feeds", "list"])
        XCTAssertEqual(broken.status, 65)
        XCTAssertEqual(
            broken.stderr,
            "tidings: the feed list \(folder)/feeds.opml is not valid OPML: line 1, column 1: not XML (no element "
                + "where the document should start); nothing was changed: fix it by hand, then run the command again\n")
        try FileManager.default.removeItem(atPath: folder + "/feeds.opml")
        let missing = try tidings(["feeds", "import", folder + "/nothing.opml"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.hasPrefix("tidings: cannot import \(folder)/nothing.opml"), missing.stderr)
    }

    /// newsboat's own lines and tags are named on standard error, one line each; anything that is not
    /// a urls file or OPML is refused whole, naming its first bad line.
    func testImportReportsWhatItLeavesOutAndRefusesOtherFiles() throws {
        let urls = "https://a.example/rss \"~A\" !hidden\nquery:Unread:unread = \"yes\"\nexec:~/bin/feed.sh\n"
        try urls.write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        let imported = try tidings(["feeds", "import", folder + "/urls"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, """
            added the query feed Unread to \(folder)/c.toml
            imported 1 feeds, 0 already listed, 1 not imported

            """)
        XCTAssertEqual(imported.stderr, """
            tidings: \(folder)/urls line 3: command feeds (exec:) are not imported
            tidings: \(folder)/urls line 1: the tag !hidden means something to newsboat only; https://a.example/rss was imported without it

            """)
        let list = try Data(contentsOf: URL(fileURLWithPath: folder + "/feeds.opml"))
        let json = "{\"version\": \"https://jsonfeed.org/version/1.1\",\n \"items\": [{\"url\": \"https://x.example/\"}]}\n"
        try json.write(toFile: folder + "/feed.json", atomically: true, encoding: .utf8)
        let refused = try tidings(["feeds", "import", folder + "/feed.json"])
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(refused.stderr, "tidings: cannot import \(folder)/feed.json: it is neither OPML nor a newsboat urls file: "
            + "line 1 does not start with a feed URL (http, https, file or an absolute path); nothing was imported\n")
        try "<opml><body><outline xmlUrl=\"https://t.example/\"/>\n<outline".write(
            toFile: folder + "/cut.opml", atomically: true, encoding: .utf8)
        let truncated = try tidings(["feeds", "import", folder + "/cut.opml"])
        XCTAssertEqual(truncated.status, 65)
        XCTAssertTrue(truncated.stderr.contains("line 2"), truncated.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/feeds.opml")), list)
        XCTAssertEqual(try tidings(["feeds", "import", NSTemporaryDirectory()]).status, 66)
    }

    /// newsboat query feeds become `[[query]]` entries appended to the config (kept as .bak first, its
    /// own bytes untouched); conditions with no translation are reported and left out, names the config
    /// has already are skipped, and the config still loads.
    func testNewsboatQueryLinesBecomeQueryFeedsInTheConfig() throws {
        let config = folder + "/c.toml"
        let original = "# mine\nsort = \"oldest-first\"\n"
        try original.write(toFile: config, atomically: true, encoding: .utf8)
        let urls = """
            https://a.example/rss news
            "query:Frische Nachrichten – news:unread = \\"yes\\" and tags # \\"news\\"" tagged
            "query:Odd:flags # \\"x\\""

            """
        try urls.write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        let first = try tidings(["feeds", "import", folder + "/urls"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, """
            added the query feed Frische Nachrichten – news to \(config)
            imported 1 feeds, 0 already listed, 1 not imported

            """)
        XCTAssertTrue(first.stderr.contains("urls line 3: "), first.stderr)
        XCTAssertTrue(first.stderr.contains("not imported"), first.stderr)
        let written = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix(original), written)
        XCTAssertTrue(written.contains("[[query]]\nname = \"Frische Nachrichten – news\"\nquery = \""), written)
        XCTAssertEqual(try String(contentsOfFile: config + ".bak", encoding: .utf8), original)
        XCTAssertEqual(try tidings(["count"]).status, 0, "the config still loads")
        let matching = try tidings(["count", "--query", "unread and tag = \"news\""])
        XCTAssertEqual(matching.status, 0, matching.stderr)

        let again = try tidings(["feeds", "import", folder + "/urls"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stdout.contains("added the query feed"), again.stdout)
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), written, "a query feed is added once")

        // A config that does not load is never touched, and nothing is imported.
        try "sort = \"sideways\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let list = try Data(contentsOf: URL(fileURLWithPath: folder + "/feeds.opml"))
        let more = "https://b.example/rss\n" + #""query:Other:unread = \"yes\"""# + "\n"
        try more.write(
            toFile: folder + "/more", atomically: true, encoding: .utf8)
        let refused = try tidings(["feeds", "import", folder + "/more"])
        XCTAssertEqual(refused.status, 78, refused.stderr)
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), "sort = \"sideways\"\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/feeds.opml")), list)
    }

    /// A feed title with escape sequences is printed cleaned and kept clean in the list; a name in an
    /// error message is cleaned too.
    func testTitlesAndNamesReachTheConsoleClean() throws {
        let evil = #"""
            {"version": "https://jsonfeed.org/version/1.1",
             "title": "Evil \u001b]0;pwned\u0007\u001b[2J\u001b[31mRed\u009b1m Feed", "items": []}
            """#
        try evil.write(toFile: folder + "/evil.json", atomically: true, encoding: .utf8)
        let added = try tidings(["feeds", "add", folder + "/evil.json"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "added Evil Red Feed <\(folder)/evil.json>\n")
        let list = try tidings(["feeds", "list"])
        XCTAssertEqual(list.stdout, "Evil Red Feed\t\(folder)/evil.json\t0\t0\t\t\n")
        let missing = try tidings(["feeds", "remove", "x\u{1B}[31my"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "tidings: no feed xy in the feed list\n")
        let exported = try tidings(["feeds", "export"])
        XCTAssertTrue(exported.stdout.contains("title=\"Evil Red Feed\""), exported.stdout)
    }

    /// Usage mistakes: an unknown command shows the top-level usage, a bad --limit names the option
    /// and its range, directories where files belong exit 66; messages carry no framework words.
    func testUsageAndFileErrorsSpeakPlainly() throws {
        let bogus = try tidings(["bogus"])
        XCTAssertEqual(bogus.status, 2)
        XCTAssertTrue(bogus.stderr.hasPrefix("tidings: unknown command 'bogus'\nOVERVIEW: A terminal news-feed reader."), bogus.stderr)
        XCTAssertTrue(bogus.stderr.contains("SUBCOMMANDS:"), bogus.stderr)
        let feedsBogus = try tidings(["feeds", "bogus"])
        XCTAssertEqual(feedsBogus.status, 2)
        XCTAssertTrue(feedsBogus.stderr.hasPrefix("tidings: unknown command 'bogus'\nOVERVIEW: Manage the feed list"), feedsBogus.stderr)
        for value in ["-3", "0", "abc"] {
            let limit = try tidings(["export", "--limit", value])
            XCTAssertEqual(limit.status, 2, value)
            XCTAssertTrue(limit.stderr.hasPrefix("tidings: --limit must be a whole number of 1 or more, not '\(value)'."), limit.stderr)
        }
        let directory = NSTemporaryDirectory()
        // Every run names its database: none may open the account's own (~/.local/share/tidings).
        let database = folder + "/directories.db"
        for arguments in [["parse", directory], ["count", "--db", directory], ["feeds", "list", "--feeds", directory, "--db", database]] {
            let run = try EndToEndRun.tidings(arguments, testCase: self)
            XCTAssertEqual(run.status, 66, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("directory"), run.stderr)
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        }
        try "garbage, not SQLite".write(toFile: folder + "/t.db", atomically: true, encoding: .utf8)
        let notDatabase = try tidings(["count"])
        XCTAssertEqual(notDatabase.status, 65)
        XCTAssertEqual(
            notDatabase.stderr,
            "tidings: cannot open the database \(folder)/t.db: file is not a database; give --db a Tidings database\n")
    }
}
