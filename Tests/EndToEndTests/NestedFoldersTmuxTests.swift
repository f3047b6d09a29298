import Foundation
import TestSupport
import XCTest

/// Nested OPML folders on the built binary under tmux with a real store: each level a group row
/// indented by its depth, counting everything below it, folding at any level; `feeds list`,
/// `feeds export` and `feeds import` keep the folder path, and nothing but the import writes the file.
final class NestedFoldersTmuxTests: XCTestCase {
    private var sessions: [TmuxSession] = []

    override func tearDown() {
        for session in sessions { session.stop() }
        sessions = []
        super.tearDown()
    }

    func testNestedFoldersShowFoldAndCountAtEveryLevel() throws {
        let workspace = try ReaderWorkspace(self)
        try workspace.prepare()
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            <outline text="Outer">
              <outline type="rss" xmlUrl="file://\(workspace.folder.path)/evil.json"/>
              <outline text="Inner"><outline type="rss" text="Alpha Wire" xmlUrl="file://\(workspace.folder.path)/alpha.xml"/></outline>
            </outline>
            </body></opml>
            """
        try opml.write(toFile: workspace.feedList, atomically: true, encoding: .utf8)
        let original = try Data(contentsOf: URL(fileURLWithPath: workspace.feedList))

        let list = try workspace.run(["feeds", "list"])
        XCTAssertEqual(list.status, 0, list.output)
        let alphaLine = try XCTUnwrap(list.output.split(separator: "\n").first { $0.hasPrefix("Alpha Wire\t") })
        XCTAssertEqual(alphaLine.split(separator: "\t", omittingEmptySubsequences: false)[4], "Outer,Inner")

        let session = try TmuxSession(command: workspace.readerCommand(), width: 100, height: 30)
        sessions.append(session)
        var rows = try session.waitFor(text: "- Outer (2)")
        let outer = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("- Outer (2)") }, rows.joined(separator: "\n"))
        XCTAssertTrue(rows[outer].hasSuffix("4       4"), "Outer counts Evil's 1 and Inner's 3: \(rows[outer])")
        XCTAssertTrue(rows[outer + 1].hasPrefix("· Evil"), rows[outer + 1])
        XCTAssertTrue(rows[outer + 2].hasPrefix("  - Inner (1)"), "Inner is indented: \(rows[outer + 2])")
        XCTAssertTrue(rows[outer + 2].hasSuffix("3       3"), rows[outer + 2])
        XCTAssertTrue(rows[outer + 3].hasPrefix("  · Alpha Wire"), rows[outer + 3])

        try session.send("G", "z")  // z on Alpha folds Inner, the folder it sits in
        rows = try session.waitFor(text: "+ Inner (1)")
        XCTAssertFalse(rows.contains { $0.contains("Alpha Wire") })
        XCTAssertTrue(rows.contains { $0.hasPrefix("- Outer (2)") }, "Outer stays open")
        try session.send("k", "z")  // z on Evil folds Outer: its whole subtree goes
        rows = try session.waitFor(text: "+ Outer (2)")
        XCTAssertFalse(rows.contains { $0.contains("Inner") || $0.contains("Evil") }, rows.joined(separator: "\n"))
        try session.send("Enter")  // Outer opens again, with Inner still shut inside it
        rows = try session.waitFor(text: "- Outer (2)")
        XCTAssertTrue(rows.contains { $0.hasPrefix("  + Inner (1)") }, rows.joined(separator: "\n"))
        try session.send("j", "j", "Enter")  // Enter on Inner opens it
        try session.waitFor(text: "  · Alpha Wire")
        try session.send("Q")
        try session.waitFor(text: "READER-EXITED-0")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workspace.feedList)), original, "no command rewrote the list")

        let exported = try workspace.run(["feeds", "export"])
        XCTAssertEqual(exported.status, 0, exported.output)
        let imported = workspace.folder.appendingPathComponent("elsewhere.opml").path
        try exported.output.replacingOccurrences(of: "alpha.xml", with: "alpha.xml?copy")
            .replacingOccurrences(of: "evil.json", with: "evil.json?copy")
            .write(toFile: imported, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workspace.feedList)), original, "export wrote nothing")
        let result = try workspace.run(["feeds", "import", imported])
        XCTAssertEqual(result.status, 0, result.output)
        let relisted = try workspace.run(["feeds", "list"])
        let copy = try XCTUnwrap(relisted.output.split(separator: "\n").first { $0.contains("alpha.xml?copy") }, relisted.output)
        XCTAssertEqual(copy.split(separator: "\t", omittingEmptySubsequences: false)[4], "Outer,Inner", "the import kept the path")
        let after = try String(contentsOfFile: workspace.feedList, encoding: .utf8)
        XCTAssertEqual(after.components(separatedBy: "text=\"Inner\"").count, 2, "the copy joined the existing Inner:\n\(after)")
    }
}
