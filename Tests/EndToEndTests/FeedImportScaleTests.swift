import Foundation
import TestSupport
import XCTest

/// `feeds import` of a big OPML list (20,000 outlines in folders, some listed already under another
/// spelling): every feed lands once, in its folder, and a second import finds them all listed.
final class FeedImportScaleTests: XCTestCase {
    func testTwentyThousandOutlinesImportOnceEachIntoTheirFolders() throws {
        let files = TestFiles(folder: try TemporaryFolder.make(self, prefix: "tidings-import-scale"))
        let count = 20_000
        var text = "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head><title>big</title></head><body>\n"
        for folder in 0..<40 {
            text += "<outline text=\"Folder \(folder)\">\n"
            for index in stride(from: folder, to: count, by: 40) {
                text += "<outline type=\"rss\" text=\"Feed \(index)\" xmlUrl=\"https://host\(index % 101).example/\(index).xml\"/>\n"
            }
            text += "</outline>\n"
        }
        text += "</body></opml>\n"
        let source = files.folder + "/big.opml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: source))
        // Two feeds listed before, one under another spelling of its URL.
        for url in ["https://host0.example/0.xml", "HTTPS://HOST1.EXAMPLE:443/1.xml"] {
            let added = try EndToEndRun.tidings(["feeds", "add", "--no-check", url] + files.arguments, testCase: self)
            XCTAssertEqual(added.status, 0, added.stderr)
        }

        let imported = try EndToEndRun.tidings(["feeds", "import", source] + files.arguments, testCase: self)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, "imported \(count - 2) feeds, 2 already listed, 0 not imported\n")
        let listed = try EndToEndRun.tidings(["feeds", "list", "--json"] + files.arguments, testCase: self)
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(items.count, count)
        XCTAssertEqual(Set(items.compactMap { $0["url"] as? String }).count, count)
        let feed = try XCTUnwrap(items.first { $0["url"] as? String == "https://host\(12347 % 101).example/12347.xml" })
        XCTAssertEqual(feed["tags"] as? [String], ["Folder \(12347 % 40)"])
        let list = try String(contentsOfFile: files.feedList, encoding: .utf8)
        XCTAssertEqual(list.components(separatedBy: "<outline text=\"Folder 7\"").count - 1, 1, "one folder each")

        let again = try EndToEndRun.tidings(["feeds", "import", source] + files.arguments, testCase: self)
        XCTAssertEqual(again.stdout, "imported 0 feeds, \(count) already listed, 0 not imported\n")
        XCTAssertEqual(try String(contentsOfFile: files.feedList, encoding: .utf8), list, "nothing to write")
    }
}
