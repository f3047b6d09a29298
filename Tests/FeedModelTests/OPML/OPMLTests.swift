import FeedModel
import Foundation
import XCTest

final class OPMLTests: XCTestCase {
    private func sample(_ name: String) throws -> Data {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        return try Data(contentsOf: folder.appendingPathComponent("opml").appendingPathComponent(name))
    }

    /// The repository's Feeds folder, found from this file's place in the checkout.
    private var feedsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Feeds")
    }

    func testFeedlyExportFoldersBecomeTagsAndDuplicatesMerge() throws {
        let document = try OPMLDocument(data: sample("feedly.opml"))
        XCTAssertEqual(document.title, "Jane subscriptions in feedly Cloud")
        let entries = document.entries
        XCTAssertEqual(entries.map(\.url), [
            "https://feeds.arstechnica.com/arstechnica/index", "https://lwn.net/headlines/rss",
            "https://www.quantamagazine.org/feed/",
        ])
        XCTAssertEqual(entries.map(\.tags), [["Tech"], ["Tech", "Must read"], ["Science"]])
        XCTAssertEqual(entries[0].title, "Ars Technica")
        XCTAssertEqual(entries[0].htmlUrl, "https://arstechnica.com")
        XCTAssertEqual(entries[0].type, "rss")
    }

    func testInoreaderExportKeepsUnknownAttributes() throws {
        let document = try OPMLDocument(data: sample("inoreader.opml"))
        let entries = document.entries
        XCTAssertEqual(entries.map(\.displayTitle), ["BBC News", "NPR & Friends", "Phoronix"])
        XCTAssertEqual(entries.map(\.tags), [["News"], ["News"], ["Linux"]])
        XCTAssertEqual(entries[0].attribute("rssfr-useNotifications"), "0")
        let written = String(decoding: document.serialized(), as: UTF8.self)
        XCTAssertTrue(written.contains("rssfr-favicon=\"https://www.inoreader.com/fetch_favicon?u=bbc.co.uk\""))
        XCTAssertTrue(written.contains("title=\"NPR &amp; Friends\""))
    }

    func testNetNewsWireNestedFolders() throws {
        let entries = try OPMLDocument(data: sample("netnewswire.opml")).entries
        XCTAssertEqual(entries.map(\.url), [
            "https://www.swift.org/atom.xml", "https://go.dev/blog/feed.atom", "https://www.kernel.org/feeds/kdist.xml",
        ])
        XCTAssertEqual(entries.map(\.tags), [[], ["Programming"], ["Programming", "Systems"]])
        XCTAssertEqual(entries.map(\.folders), [[], ["Programming"], ["Programming", "Systems"]])
        XCTAssertEqual(entries[2].attribute("version"), "RSS")
    }

    func testFoldersAreThePathOfTheFirstPlaceWithoutCategories() throws {
        let document = try OPMLDocument(data: Data("""
            <opml version="2.0"><body>
            <outline text="A"><outline text="B">
              <outline text="F" xmlUrl="https://f.example/" category="/Cat"/>
            </outline></outline>
            <outline text="C"><outline text="F again" xmlUrl="https://f.example/"/></outline>
            </body></opml>
            """.utf8))
        let entry = try XCTUnwrap(document.entries.first)
        XCTAssertEqual(document.entries.count, 1)
        XCTAssertEqual(entry.folders, ["A", "B"])
        XCTAssertEqual(entry.tags, ["A", "B", "Cat", "C"])
    }

    func testAddingAlongAFolderPathFindsAndCreatesTheNestedFolders() throws {
        var document = try OPMLDocument(data: sample("netnewswire.opml"))
        let before = document.entries
        document.add(FeedListEntry(url: "https://rust.example/feed", tags: ["Programming", "Systems", "low"]),
                     inFolders: ["Programming", "Systems"])
        document.add(FeedListEntry(url: "https://zig.example/feed"), inFolders: ["Programming", "New", "Deeper"])
        document.add(FeedListEntry(url: "https://fresh.example/feed"), inFolders: ["Fresh", "Inner"])
        let reread = try OPMLDocument(data: document.serialized()).entries
        XCTAssertEqual(Array(reread.prefix(before.count)), before, "the feeds already listed are untouched")
        let added = reread.dropFirst(before.count)
        XCTAssertEqual(added.map(\.url), ["https://rust.example/feed", "https://zig.example/feed", "https://fresh.example/feed"])
        XCTAssertEqual(added.map(\.folders), [["Programming", "Systems"], ["Programming", "New", "Deeper"], ["Fresh", "Inner"]])
        XCTAssertEqual(added.first?.tags, ["Programming", "Systems", "low"], "a tag off the path is a category")
        let serialized = String(decoding: document.serialized(), as: UTF8.self)
        XCTAssertEqual(serialized.components(separatedBy: "text=\"Systems\"").count, 2, "Systems is not created twice")
    }

    func testNewsboatExportCategories() throws {
        let entries = try OPMLDocument(data: sample("newsboat-export.opml")).entries
        XCTAssertEqual(entries.map(\.displayTitle), ["xkcd.com", "Arch Linux: Recent news updates", "ScienceDaily"])
        XCTAssertEqual(entries.map(\.tags), [["comics", "fun"], ["linux"], []])
        XCTAssertNil(entries[0].text)
    }

    func testVariantsWithoutHeadLowerCaseAttributesAndRefreshIntervals() throws {
        let document = try OPMLDocument(data: sample("variants.opml"))
        XCTAssertNil(document.title)
        let entries = document.entries
        XCTAssertEqual(entries.map(\.url), [
            "https://cafe.example/feed", "https://title.example/rss", "https://deep.example/atom.xml",
        ])
        XCTAssertEqual(entries.map(\.displayTitle), ["Café culture", "Only a title", "Deep feed"])
        XCTAssertEqual(entries[0].refreshInterval, 45 * 60)
        XCTAssertEqual(entries[1].refreshInterval, 2 * 3600)
        XCTAssertNil(entries[2].refreshInterval)
        XCTAssertEqual(entries[2].tags, ["Level 1", "Niveau 2 été", "Level 3", "extra", "tags", "more"])
        XCTAssertNil(entries[1].type)
    }

    func testRoundTripPreservesTreeAttributesAndHead() throws {
        for name in ["feedly.opml", "inoreader.opml", "netnewswire.opml", "newsboat-export.opml", "variants.opml"] {
            let original = try OPMLDocument(data: sample(name))
            let written = original.serialized()
            let reread = try OPMLDocument(data: written)
            XCTAssertEqual(reread.entries, original.entries, name)
            XCTAssertEqual(reread.head, original.head, name)
            XCTAssertEqual(reread.rootAttributes, original.rootAttributes, name)
            XCTAssertEqual(reread.serialized(), written, name)
        }
        // Namespace declarations come first (libxml2 keeps them apart from attributes); the rest keeps its order.
        let written = String(decoding: try OPMLDocument(data: sample("variants.opml")).serialized(), as: UTF8.self)
        XCTAssertTrue(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml xmlns:tidings=\"urn:tidings:opml:1\" xmlns:ext=\"https://reader.example/ext\" version=\"2.0\">"))
        XCTAssertTrue(written.contains("<outline text=\"Café culture\" xmlurl=\"https://cafe.example/feed\" ext:color=\"teal\" tidings:refresh=\"45m\"/>"))
        XCTAssertTrue(written.contains("<outline text=\"Empty folder\"/>"))
        XCTAssertTrue(written.contains("<outline text=\"A plain link\" type=\"link\" url=\"https://link.example/\"/>"))
    }

    func testEditing() throws {
        var document = try OPMLDocument(data: sample("feedly.opml"))
        document.add(FeedListEntry(url: "https://new.example/feed", title: "New & shiny"), inFolder: "Science")
        document.add(FeedListEntry(url: "https://other.example/rss", title: "Other", tags: ["Fresh", "extra"]), inFolder: "Fresh")
        document.add(FeedListEntry(url: "https://top.example/atom", refreshInterval: 1800))
        XCTAssertTrue(document.contains(url: "https://lwn.net/headlines/rss"))
        XCTAssertTrue(document.contains(url: "https://new.example/feed"))
        XCTAssertTrue(document.remove(url: "https://lwn.net/headlines/rss"))
        XCTAssertFalse(document.contains(url: "https://lwn.net/headlines/rss"))
        XCTAssertFalse(document.remove(url: "https://absent.example/"))
        XCTAssertTrue(document.updateURL(from: "https://www.quantamagazine.org/feed/", to: "https://quanta.example/feed"))
        XCTAssertTrue(document.setAttribute("tidings:refresh", "6h", forURL: "https://quanta.example/feed"))
        XCTAssertTrue(document.setAttribute("htmlUrl", nil, forURL: "https://quanta.example/feed"))

        let reread = try OPMLDocument(data: document.serialized())
        let entries = reread.entries
        XCTAssertEqual(entries.map(\.url), [
            "https://feeds.arstechnica.com/arstechnica/index", "https://quanta.example/feed", "https://new.example/feed",
            "https://other.example/rss", "https://top.example/atom",
        ])
        XCTAssertEqual(entries.map(\.tags), [["Tech"], ["Science"], ["Science"], ["Fresh", "extra"], []])
        XCTAssertEqual(entries[1].refreshInterval, 6 * 3600)
        XCTAssertNil(entries[1].htmlUrl)
        XCTAssertEqual(entries[2].title, "New & shiny")
        XCTAssertEqual(entries[4].refreshInterval, 1800)
        XCTAssertEqual(reread.rootAttributes.first { $0.name == "xmlns:tidings" }?.value, OPMLDocument.tidingsNamespace)
    }

    func testHostileValuesAreEscaped() throws {
        var document = OPMLDocument(title: "Mine <&> \"quoted\"")
        let title = "Tom & Jerry <script>\"x\" 'y'\nsecond line\u{1}"
        document.add(FeedListEntry(url: "https://e.example/?a=1&b=2", title: title, attributes: [
            FeedListAttribute(name: "bad name\"><x", value: "dropped"), FeedListAttribute(name: "note", value: "kept"),
        ]))
        let data = document.serialized()
        let reread = try OPMLDocument(data: data)
        XCTAssertEqual(reread.title, "Mine <&> \"quoted\"")
        XCTAssertEqual(reread.entries.first?.title, "Tom & Jerry <script>\"x\" 'y'\nsecond line")
        XCTAssertEqual(reread.entries.first?.url, "https://e.example/?a=1&b=2")
        XCTAssertEqual(reread.entries.first?.attribute("note"), "kept")
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("<x"))
    }

    func testNotOPML() {
        XCTAssertThrowsError(try OPMLDocument(data: Data())) { XCTAssertEqual($0 as? OPMLError, .empty) }
        XCTAssertThrowsError(try OPMLDocument(data: Data(" \n\t".utf8))) { XCTAssertEqual($0 as? OPMLError, .empty) }
        XCTAssertThrowsError(try OPMLDocument(data: Data("not xml at all".utf8))) {
            guard case .malformed(1, _, _)? = $0 as? OPMLError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try OPMLDocument(data: Data("<rss version=\"2.0\"><channel/></rss>".utf8))) {
            XCTAssertEqual($0 as? OPMLError, .notOPML(root: "rss"))
        }
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\
            <opml version="2.0"><body><outline text="&d;" xmlUrl="https://x.example/"/></body></opml>
            """
        XCTAssertThrowsError(try OPMLDocument(data: Data(laughs.utf8))) {
            guard case .malformed(1, _, let reason)? = $0 as? OPMLError else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("entity"), reason)
        }
    }

    /// A damaged list is an error with its place, never a shorter list (libxml2's recover mode would
    /// drop the outline with the stray `<`, or everything after an unclosed one).
    func testMalformedListsAreErrorsWithLineAndColumn() {
        let cases: [(String, String, Int)] = [
            ("stray <", "<opml version=\"2.0\"><body>\n<outline text=\"a < b\" xmlUrl=\"https://a.example/\"/>\n</body></opml>", 2),
            ("unclosed", "<opml version=\"2.0\"><body>\n<outline text=\"f\">\n<outline xmlUrl=\"https://a.example/\"/>\n</body></opml>", 4),
            ("truncated", "<opml version=\"2.0\"><body>\n<outline xmlUrl=\"https://a.example/\"/>\n<outline xmlUrl=\"htt", 3),
            ("bare &", "<opml version=\"2.0\"><body>\n<outline text=\"News & Views\" xmlUrl=\"https://a.example/\"/></body></opml>", 2),
            ("deep", "<opml><body>" + String(repeating: "<outline>", count: 10_000), 1),
        ]
        for (name, text, line) in cases {
            XCTAssertThrowsError(try OPMLDocument(data: Data(text.utf8)), name) { error in
                guard case .malformed(let found, let column, let reason)? = error as? OPMLError else {
                    return XCTFail("\(name): \(error)")
                }
                XCTAssertEqual(found, line, "\(name): \(reason)")
                XCTAssertGreaterThan(column, 0, name)
                XCTAssertFalse(reason.contains("\n"), name)
                if name == "bare &" { XCTAssertEqual(reason, "a bare & (write it as &amp;)") }
            }
        }
    }

    func testUTF16WithByteOrderMarkReadsAndRewritesAsUTF8() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<opml version=\"2.0\"><body>"
            + "<outline text=\"Caf\u{E9} &amp; \u{65E5}\u{672C}\" xmlUrl=\"https://a.example/\"/></body></opml>\n"
        var data = Data([0xFF, 0xFE])
        data.append(text.data(using: .utf16LittleEndian) ?? Data())
        let document = try OPMLDocument(data: data)
        XCTAssertEqual(document.entries.first?.text, "Caf\u{E9} & \u{65E5}\u{672C}")
        let reread = try OPMLDocument(data: document.serialized())
        XCTAssertEqual(reread.entries, document.entries)
    }

    func testBundledFeedLists() throws {
        let demo = try OPMLDocument(data: Data(contentsOf: feedsFolder.appendingPathComponent("demo.opml")))
        let expected = try JSONSerialization.jsonObject(
            with: Data(contentsOf: feedsFolder.appendingPathComponent("expected.json"))) as? [String: Any]
        let files = try XCTUnwrap(expected?["feeds"] as? [[String: Any]]).compactMap { $0["file"] as? String }
        XCTAssertEqual(Set(demo.entries.map(\.url)), Set(files))
        for entry in demo.entries {
            XCTAssertFalse(entry.tags.isEmpty, entry.url)
            XCTAssertTrue(FileManager.default.fileExists(atPath: feedsFolder.appendingPathComponent(entry.url).path), entry.url)
        }
        XCTAssertEqual(demo.entries.first { $0.url == "rss20.xml" }?.refreshInterval, 6 * 3600)
        let starter = try OPMLDocument(data: Data(contentsOf: feedsFolder.appendingPathComponent("starter.opml")))
        XCTAssertGreaterThanOrEqual(starter.entries.count, 12)
        XCTAssertLessThanOrEqual(starter.entries.count, 20)
        for entry in starter.entries {
            XCTAssertTrue(entry.url.hasPrefix("https://"), entry.url)
            XCTAssertEqual(entry.tags.count, 1, entry.url)
        }
    }
}
