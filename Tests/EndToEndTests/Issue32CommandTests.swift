import Foundation
import TestSupport
import XCTest

/// The command-line frictions of issue 32 on the built binary: error lines start with `tidings:`,
/// `read --help` wraps its key list itself, `feeds add` says what to do when a URL fails, and a urls
/// file names local feeds as file:// URLs.
final class Issue32CommandTests: XCTestCase {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-i32-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    private func tidings(_ arguments: [String], in folder: URL) throws -> EndToEndRun {
        try EndToEndRun.tidings(
            arguments + [
                "--feeds", folder.appendingPathComponent("feeds.opml").path,
                "--db", folder.appendingPathComponent("tidings.db").path,
                "--config", folder.appendingPathComponent("config.toml").path,
            ], testCase: self)
    }

    func testUnknownCommandsAndOptionsAreNamedWithTheProgramsPrefix() throws {
        let unknown = try EndToEndRun.tidings(["foo"], testCase: self)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("tidings: unknown command 'foo'\n"), unknown.stderr)
        let option = try EndToEndRun.tidings(["read", "--no-such-option"], testCase: self)
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.hasPrefix("tidings: "), option.stderr)
        XCTAssertFalse(option.stderr.contains("Error: "), option.stderr)
    }

    func testReadHelpWrapsItsKeyListUnderItsOwnColumn() throws {
        let help = try EndToEndRun.tidings(["read", "--help"], testCase: self, environment: ["COLUMNS": "80"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let lines = help.stdout.components(separatedBy: "\n")
        let keys = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Keys in effect") }, help.stdout)
        let keyLines = lines[(keys + 1)...].prefix { !$0.isEmpty }
        XCTAssertGreaterThan(keyLines.count, 20)
        for line in keyLines {
            XCTAssertTrue(line.hasPrefix("  "), "a key line starts at column 0: \(line)")
            XCTAssertLessThanOrEqual(line.count, 80, line)
        }
        XCTAssertTrue(keyLines.contains { $0.contains("[number] y:") })
    }

    func testAddingWhatCannotBeFetchedOrIsAPageSaysWhatToDoOnce() throws {
        let folder = try folder()
        let missing = try tidings(["feeds", "add", "file://\(folder.path)/nothere.xml"], in: folder)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.hasPrefix("tidings: cannot fetch"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--no-check"), missing.stderr)
        let page = folder.appendingPathComponent("page.html")
        try "<html><head><title>A page</title></head><body>No feed here.</body></html>".write(
            to: page, atomically: true, encoding: .utf8)
        let html = try tidings(["feeds", "add", "file://\(page.path)"], in: folder)
        XCTAssertNotEqual(html.status, 0)
        XCTAssertEqual(html.stderr.components(separatedBy: "not a feed").count - 1, 1, html.stderr)
        XCTAssertTrue(html.stderr.contains("an HTML page"), html.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("feeds.opml").path))
    }

    func testAURLsExportNamesLocalFeedsAsFileURLs() throws {
        let folder = try folder()
        let feed = folder.appendingPathComponent("local feed.xml")
        try "<rss version=\"2.0\"><channel><title>Local</title></channel></rss>".write(to: feed, atomically: true, encoding: .utf8)
        let add = try tidings(["feeds", "add", "--no-check", feed.path], in: folder)
        XCTAssertEqual(add.status, 0, add.stderr)
        let export = try tidings(["feeds", "export", "--format", "urls"], in: folder)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stdout.hasPrefix("file://\(folder.path)/local%20feed.xml"), export.stdout)
    }

    func testAnEmptyFeedListSaysSoOnATerminalOnly() throws {
        let folder = try folder()
        let piped = try tidings(["feeds", "list"], in: folder)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, "", "a script reading a pipe gets nothing")
        let binary = try TidingsBinary.url().path
        let command = "'\(binary)' feeds list --feeds '\(folder.path)/feeds.opml' --db '\(folder.path)/tidings.db'"
            + " --config '\(folder.path)/config.toml'; echo LIST-EXITED-$?; sleep 600"
        let session = try TmuxSession(command: command)
        defer { session.stop() }
        let rows = try session.waitFor(text: "LIST-EXITED-0")
        XCTAssertTrue(rows.first?.hasPrefix("No feeds.") ?? false, rows.joined(separator: "\n"))
    }

    func testFeedsEditChangesTitleTagsFolderAndIntervalAndRefusesLeavingTheListAsItWas() throws {
        let folder = try folder()
        let feed = folder.appendingPathComponent("alpha.xml")
        try "<rss version=\"2.0\"><channel><title>Alpha</title></channel></rss>".write(to: feed, atomically: true, encoding: .utf8)
        XCTAssertEqual(try tidings(["feeds", "add", "--tag", "news", feed.path], in: folder).status, 0)
        let list = folder.appendingPathComponent("feeds.opml")

        let edited = try tidings(["feeds", "edit", "Alpha", "--title", "Renamed", "--tags", "news, tech", "--interval", "6h"], in: folder)
        XCTAssertEqual(edited.status, 0, edited.stderr)
        XCTAssertTrue(edited.stdout.hasPrefix("edited Renamed <"), edited.stdout)
        var opml = try String(contentsOf: list, encoding: .utf8)
        XCTAssertTrue(opml.contains("title=\"Renamed\""), opml)
        XCTAssertTrue(opml.contains("6h"), opml)
        var row = try tidings(["feeds", "list"], in: folder).stdout
        XCTAssertTrue(row.hasPrefix("Renamed\t"), row)
        XCTAssertTrue(row.contains("news,tech"), row)

        let moved = try tidings(["feeds", "edit", feed.path, "--folder", "Elsewhere"], in: folder)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        row = try tidings(["feeds", "list"], in: folder).stdout
        XCTAssertTrue(row.contains("Elsewhere,tech"), row)
        opml = try String(contentsOf: list, encoding: .utf8)
        XCTAssertTrue(opml.contains("text=\"Elsewhere\""), opml)

        let before = try Data(contentsOf: list)
        let nothing = try tidings(["feeds", "edit", "Renamed"], in: folder)
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.hasPrefix("tidings: give at least one of"), nothing.stderr)
        let badInterval = try tidings(["feeds", "edit", "Renamed", "--interval", "soon"], in: folder)
        XCTAssertEqual(badInterval.status, 2)
        XCTAssertTrue(badInterval.stderr.hasPrefix("tidings: --interval must be"), badInterval.stderr)
        let unknown = try tidings(["feeds", "edit", "No Such Feed", "--title", "X"], in: folder)
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.hasPrefix("tidings: no feed No Such Feed"), unknown.stderr)
        XCTAssertEqual(try Data(contentsOf: list), before, "a refused edit leaves the list byte for byte")
    }
}
