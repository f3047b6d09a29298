import FeedModel
import Foundation
@testable import ReaderControllers
import XCTest

/// The feed list file on disk: one generation of backup, permissions kept, links followed, read-only
/// lists and unwritable folders refused with the list untouched, and `feeds list` text layouts.
final class FeedListFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "tidings-listfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        chmod(folder, 0o755)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// `find` by URL answers what the first entry written or resolved as that URL is, whether the
    /// entry is written with a scheme, as an absolute or relative path, or with spaces around it.
    func testFindByURLIsTheFirstEntryWrittenOrResolvedAsIt() throws {
        let outlines = [
            "feeds/a.xml", "  https://spaced.example/feed  ", "https://b.example/feed", "/abs/c.xml",
            "\(folder)/feeds/a.xml", "https://b.example/feed", "../up.xml", "",
        ].enumerated().map { "<outline text=\"t\($0.offset)\" xmlUrl=\"\($0.element)\"/>" }
        let path = try write("<opml version=\"2.0\"><body>\n" + outlines.joined(separator: "\n") + "\n</body></opml>\n",
                             to: "find.opml")
        let file = try SubscriptionsFile.load(path: path)
        let names = ["feeds/a.xml", "\(folder)/feeds/a.xml", "https://spaced.example/feed", "  https://spaced.example/feed  ",
                     "https://b.example/feed", "/abs/c.xml", "../up.xml", (folder as NSString).deletingLastPathComponent + "/up.xml",
                     "https://missing.example/", "t2", "T2"]
        for name in names {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            let expected = file.entries.first { $0.written == trimmed || $0.entry.url == trimmed }
            let found = try file.find(name)
            XCTAssertEqual(found?.written, expected?.written ?? found?.written, name)
            XCTAssertEqual(found?.entry.title, expected?.entry.title ?? found?.entry.title, name)
            if expected != nil { XCTAssertEqual(found?.entry.url, expected?.entry.url, name) }
        }
        XCTAssertEqual(try file.find("\(folder)/feeds/a.xml")?.entry.text, "t0", "the relative entry, first in the list")
        XCTAssertEqual(try file.find("https://spaced.example/feed")?.entry.text, "t1")
        XCTAssertEqual(try file.find("T2")?.entry.url, "https://b.example/feed", "a title, without case")
        XCTAssertNil(try file.find("https://missing.example/"))
    }

    func testRewriteKeepsOneBackupAndThePermissions() throws {
        let original = "<opml version=\"2.0\"><body>\n<outline text=\"News &amp; Views\" xmlUrl=\"https://a.example/\"/>\n</body></opml>\n"
        let path = try write(original, to: "feeds.opml")
        chmod(path, 0o600)
        var file = try SubscriptionsFile.load(path: path)
        file.document.add(FeedListEntry(url: "https://b.example/", title: "B <&> \"é\""))
        try file.save()
        XCTAssertEqual(try String(contentsOfFile: path + ".bak", encoding: .utf8), original)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let reread = try SubscriptionsFile.load(path: path)
        XCTAssertEqual(reread.document.entries.map(\.displayTitle), ["News & Views", "B <&> \"é\""])

        let second = try String(contentsOfFile: path, encoding: .utf8)
        var again = reread
        again.document.remove(url: "https://a.example/")
        try again.save()
        XCTAssertEqual(try String(contentsOfFile: path + ".bak", encoding: .utf8), second, "one generation: the last version")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(names, ["feeds.opml", "feeds.opml.bak"], "no temporary file left")
    }

    func testSymbolicLinkIsFollowedAndKept() throws {
        let target = try write("<opml version=\"2.0\"><body/></opml>\n", to: "real.opml")
        let link = folder + "/feeds.opml"
        XCTAssertEqual(symlink(target, link), 0)
        var file = try SubscriptionsFile.load(path: link)
        file.document.add(FeedListEntry(url: "https://a.example/"))
        try file.save()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target)
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).contains("https://a.example/"))
    }

    func testReadOnlyListAndUnwritableFolderAreRefusedUntouched() throws {
        let text = "<opml version=\"2.0\"><body/></opml>\n"
        let path = try write(text, to: "feeds.opml")
        chmod(path, 0o444)
        var file = try SubscriptionsFile.load(path: path)
        file.document.add(FeedListEntry(url: "https://a.example/"))
        XCTAssertThrowsError(try file.save()) { XCTAssertEqual($0 as? SubscriptionsError, .readOnly(path: path)) }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text)
        XCTAssertEqual(SubscriptionsError.readOnly(path: path).exitStatus, .cannotCreate)
        chmod(path, 0o644)
        // Root writes into a read-only folder anyway; the check only means something for other users.
        guard getuid() != 0 else { return }
        chmod(folder, 0o555)
        XCTAssertThrowsError(try file.save()) { error in
            guard case .unwritable? = error as? SubscriptionsError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text)
    }

    func testMalformedListNamesLineColumnAndBackup() throws {
        let path = try write("<opml version=\"2.0\"><body>\n<outline text=\"a < b\" xmlUrl=\"https://a.example/\"/>\n</body></opml>", to: "feeds.opml")
        _ = try write("<opml/>", to: "feeds.opml.bak")
        XCTAssertThrowsError(try SubscriptionsFile.load(path: path)) { error in
            let failure = CommandFailure(error)
            XCTAssertEqual(failure.status, .dataError)
            XCTAssertEqual(failure.message, """
                the feed list \(path) is not valid OPML: line 2, column 18: a < inside an attribute value (write it \
                as &lt;); nothing was changed: fix it by hand or go back to the previous version, \(path).bak, then run \
                the command again
                """)
        }
    }

    func testListTableOnATerminalAndOff() throws {
        let items = [
            SubscriptionItem(title: "Deep Field", name: "Deep Field", url: "https://deep.example/feed", tags: ["space", "science"],
                         unread: 3, total: 120, lastStatus: 200),
            SubscriptionItem(title: "https://x.example/rss", name: nil, url: "https://x.example/rss", tags: [],
                         unread: 0, total: 0),
            SubscriptionItem(title: "Bad\u{1B}[31m\tFeed", name: "Bad\u{1B}[31m\tFeed", url: "https://b.example/", tags: ["a\tb"],
                         unread: 12, total: 12, lastError: "could not connect"),
        ]
        XCTAssertEqual(SubscriptionsTable(items: items, terminalWidth: 100).text, """
            FEED        UNREAD  TOTAL  TAGS            STATUS                    URL
            Deep Field       3    120  space, science  HTTP 200                  https://deep.example/feed
            -                0      0                                            https://x.example/rss
            Bad Feed        12     12  a b             error: could not connect  https://b.example/

            """)
        XCTAssertEqual(SubscriptionsTable(items: items, terminalWidth: nil).text, """
            Deep Field\thttps://deep.example/feed\t3\t120\tspace,science\tHTTP 200
            \thttps://x.example/rss\t0\t0\t\t
            Bad Feed\thttps://b.example/\t12\t12\ta b\terror: could not connect

            """)
        XCTAssertEqual(SubscriptionsTable(items: [], terminalWidth: 80).text, "")
    }
}
