import Foundation
import TestSupport
import XCTest

/// A full disk under the database (a 48 MB tmpfs holding it, mounted as root; the feed files, the feed
/// list and the config elsewhere) during `refresh` and during `mark`. The command fails with one line
/// and exit 74 (a write failed part way); what it could not write changes nothing: every article and
/// mark the database held is there as it was, a feed is stored whole with its validators or not at
/// all (its fetch state as before, so the next refresh fetches it again), and integrity_check is ok.
/// After space is freed the next refresh stores everything. Feed bodies are seeded random words.
final class DatabaseDiskFullTests: XCTestCase {
    private var folder = ""
    private var disk: String { folder + "/disk" }
    private var database: String { disk + "/tidings.db" }
    private var arguments: [String] {
        ["--feeds", folder + "/feeds.opml", "--db", database, "--config", folder + "/config.toml"]
    }
    private static let feedCount = 12
    private static let seed: UInt64 = 74

    override func setUpWithError() throws {
        guard geteuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root") }
        folder = try TemporaryFolder.make(self, prefix: "tidings-db-disk-full")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard try SafetyWorkspace.shell("mount -t tmpfs -o size=48m tmpfs '\(disk)'", check: false) == 0 else {
            throw XCTSkip("cannot mount a tmpfs here")
        }
        let disk = disk
        addTeardownBlock { _ = try? SafetyWorkspace.shell("umount '\(disk)'", check: false) }
        // Each feed starts with 3 items; the store holds them, some read and some starred.
        for index in 0..<Self.feedCount { try writeFeed(index, items: 3) }
        let list = (0..<Self.feedCount).map { "<outline type=\"rss\" text=\"f\($0)\" xmlUrl=\"file://\(feedPath($0))\"/>" }
        try Data("<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>t</title></head><body>\(list.joined())</body></opml>\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/feeds.opml"))
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title =~ \"item [01]$\""]).stdout, "\(2 * Self.feedCount)\n")
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title =~ \"^f[0-5] item 2$\""]).stdout, "6\n")
    }

    func testRefreshOntoAFullDiskFailsInOneLineAndKeepsWhatWasStored() throws {
        let before = try articles()
        let fetchStates = try feedStates()
        for index in 0..<Self.feedCount { try writeFeed(index, items: 150) }
        try fill(leaving: "1536K")

        let refresh = try tidings(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 74, "seed \(Self.seed): \(refresh.stderr)")
        XCTAssertEqual(refresh.stderr.split(separator: "\n").count, 1, refresh.stderr)
        XCTAssertTrue(refresh.stderr.hasPrefix("tidings: the database \(database): database or disk is full"), refresh.stderr)
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")
        let after = try articles()
        XCTAssertTrue(before.isSubset(of: after), "every article and mark as it was: \(before.subtracting(after).prefix(3))")
        // A feed is stored whole (its validators with it) or not at all.
        let counts = try feedCounts()
        let states = try feedStates()
        for (url, count) in counts {
            if count == 150 {
                XCTAssertNotEqual(states[url], fetchStates[url], "\(url): stored with its fetch state")
            } else {
                XCTAssertEqual(count, 3, "\(url): not stored, so as it was")
                XCTAssertEqual(states[url], fetchStates[url], "\(url): fetch state as it was, so fetched again")
            }
        }
        let stored = counts.values.filter { $0 == 150 }.count
        XCTAssertEqual(after.count, before.count + stored * 147)
        print("disk full: \(stored) of \(Self.feedCount) feeds stored before the disk was full")

        try FileManager.default.removeItem(atPath: disk + "/filler")
        let again = try tidings(["refresh", "--all"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(Set(try feedCounts().values), [150])
        XCTAssertTrue(before.isSubset(of: try articles()))
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")
    }

    func testMarkOntoAFullDiskFailsInOneLineAndChangesNothing() throws {
        for index in 0..<Self.feedCount { try writeFeed(index, items: 150) }
        XCTAssertEqual(try tidings(["refresh", "--all"]).status, 0)
        let before = try articles()
        let dump = try sqlite(".dump")
        try fill(leaving: "256K")

        let mark = try tidings(["mark", "read", "--query", "unread = \"yes\""])
        XCTAssertEqual(mark.status, 74, mark.stderr)
        XCTAssertEqual(mark.stdout, "")
        XCTAssertEqual(mark.stderr.split(separator: "\n").count, 1, mark.stderr)
        XCTAssertTrue(mark.stderr.hasPrefix("tidings: the database \(database): "), mark.stderr)
        XCTAssertTrue(mark.stderr.contains("full") || mark.stderr.contains("I/O"), mark.stderr)
        XCTAssertEqual(try articles(), before, "no mark changed")
        XCTAssertTrue(try sqlite(".dump") == dump, "the database holds what it held")
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok")

        try FileManager.default.removeItem(atPath: disk + "/filler")
        let unread = before.filter { $0.hasSuffix("|0|0") || $0.hasSuffix("|0|1") }.count
        let again = try tidings(["mark", "read", "--query", "unread = \"yes\""])
        XCTAssertEqual(again.stdout, "\(unread)\n", again.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles WHERE read = 0;"), "0")
    }

    // MARK: Support

    private func tidings(_ extra: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(extra + arguments, testCase: self)
    }

    private func sqlite(_ sql: String) throws -> String {
        try SQLiteShell.run(database, sql)
    }

    private func feedPath(_ index: Int) -> String { folder + "/feed\(index).xml" }

    /// Feed `index` with `items` items whose text is about 2 KB of seeded random words each; an item
    /// is the same whatever the count, so a longer feed only adds items.
    private func writeFeed(_ index: Int, items: Int) throws {
        var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>f\(index)</title><link>http://127.0.0.1/</link>"
        for item in 0..<items {
            var random = SplitMix(seed: Self.seed &+ UInt64(index * 1000 + item))
            let words = (0..<300).map { _ in
                String((0..<Int.random(in: 3...9, using: &random)).map { _ in
                    Character(UnicodeScalar(UInt8(97 + Int.random(in: 0..<26, using: &random))))
                })
            }
            text += "<item><title>f\(index) item \(item)</title><link>http://127.0.0.1/f\(index)/\(item)</link>"
                + "<guid>f\(index)-\(item)</guid><pubDate>Sat, 21 Nov 2026 10:\(String(format: "%02d", item % 60)):00 GMT</pubDate>"
                + "<description>\(words.joined(separator: " "))</description></item>"
        }
        try Data((text + "</channel></rss>\n").utf8).write(to: URL(fileURLWithPath: feedPath(index)))
    }

    /// Fills the tmpfs, then frees `size` (truncate's syntax) of the filler again.
    private func fill(leaving size: String) throws {
        _ = try SafetyWorkspace.shell("dd if=/dev/zero of='\(disk)/filler' bs=64k 2>/dev/null", check: false)
        try SafetyWorkspace.shell("truncate -s -\(size) '\(disk)/filler'")
    }

    /// `id|feed url|title|read|starred` of every article.
    private func articles() throws -> Set<String> {
        Set(try sqlite("""
            SELECT a.id || '|' || f.url || '|' || a.title || '|' || a.read || '|' || a.starred
            FROM articles a JOIN feeds f ON f.id = a.feed_id;
            """).split(separator: "\n").map(String.init))
    }

    private func feedCounts() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in try sqlite("SELECT f.url, count(a.id) FROM feeds f LEFT JOIN articles a ON a.feed_id = f.id GROUP BY f.id;")
            .split(separator: "\n")
        {
            let parts = line.split(separator: "|")
            counts[String(parts[0])] = Int(parts[1])
        }
        return counts
    }

    /// Each feed's fetch state: body hash, validators, last success and failure.
    private func feedStates() throws -> [String: String] {
        var states: [String: String] = [:]
        for line in try sqlite("""
            SELECT url || '|' || ifnull(body_hash, '') || '|' || ifnull(etag, '') || '|' || ifnull(last_modified, '') || '|'
                || ifnull(last_success_at, '') || '|' || ifnull(last_error, '') FROM feeds;
            """).split(separator: "\n")
        {
            let parts = line.split(separator: "|", maxSplits: 1)
            states[String(parts[0])] = String(parts.count > 1 ? parts[1] : "")
        }
        return states
    }
}
