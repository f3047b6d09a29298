import FeedModel
import Foundation
import XCTest

/// `OPMLDocument.add(_:)` puts each feed where `add(_:inFolders:)` would have, feed by feed: the first
/// folder of a name at any depth (not inside a feed's outline), nested folders found or created under
/// it, folders it created found by the feeds after, and the same bytes written.
final class OPMLBatchAddTests: XCTestCase {
    private let start = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>t</title></head><body>
          <outline type="rss" text="Top" xmlUrl="https://top.example/feed"/>
          <outline text="Outer">
            <outline text="B"><outline type="rss" text="In B" xmlUrl="https://b.example/feed"/></outline>
            <outline type="rss" text="Feed with children" xmlUrl="https://parent.example/feed">
              <outline text="C"><outline type="rss" text="Hidden C" xmlUrl="https://hidden.example/feed"/></outline>
            </outline>
          </outline>
          <outline text="B"/>
          <outline title="A" text="ignored"><outline text="B"/></outline>
          <outline text="   "/>
        </body></opml>
        """

    func testOneBatchAddsWhereOneByOneWould() throws {
        let names = ["A", "B", "C", "Outer", "D", "E", ""]
        var items: [(entry: FeedListEntry, folders: [String])] = []
        for index in 0..<400 {
            // A fixed spread of paths of 0 to 3 folders, many repeated, some new.
            let depth = (index * 7 + 3) % 4
            let path = (0..<depth).map { names[(index * (5 + $0 * 3) + $0) % names.count] }
            let entry = FeedListEntry(url: "https://f\(index).example/feed", title: "Feed \(index)", text: nil, type: "rss",
                                      tags: path.filter { !$0.isEmpty } + (index % 5 == 0 ? ["extra"] : []))
            items.append((entry, path))
        }
        var oneByOne = try OPMLDocument(data: Data(start.utf8))
        for item in items { oneByOne.add(item.entry, inFolders: item.folders) }
        var batch = try OPMLDocument(data: Data(start.utf8))
        batch.add(items)
        XCTAssertEqual(String(decoding: batch.serialized(), as: UTF8.self), String(decoding: oneByOne.serialized(), as: UTF8.self))
        XCTAssertEqual(batch.entries.count, oneByOne.entries.count)
        XCTAssertEqual(batch.entries.count, 404)
    }

    func testAnEmptyDocumentGetsItsFoldersOnce() throws {
        var document = OPMLDocument(title: "t")
        document.add((0..<6).map { index in
            (FeedListEntry(url: "https://f\(index).example/", title: nil, text: nil, type: "rss", tags: []),
             index % 2 == 0 ? ["News", "Deep"] : ["News"])
        })
        let text = String(decoding: document.serialized(), as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "text=\"News\"").count - 1, 1, text)
        XCTAssertEqual(text.components(separatedBy: "text=\"Deep\"").count - 1, 1, text)
        // The folder Deep comes first in News, made by the first feed: its feeds, then News's own.
        XCTAssertEqual(document.entries.map(\.url), [0, 2, 4, 1, 3, 5].map { "https://f\($0).example/" })
    }
}
