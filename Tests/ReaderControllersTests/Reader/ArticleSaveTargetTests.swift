import FeedStore
import Foundation
@testable import ReaderControllers
import XCTest

/// The reader's `w` never writes over Tidings' own files (the database, through a symbolic or hard
/// link too) nor over a file of another kind, and leaves them byte-identical; an earlier save of the
/// same kind is still replaced after asking.
@MainActor
final class ArticleSaveTargetTests: XCTestCase {
    func testSaveRefusesTheDatabaseItsLinksAndAnotherKindOfFile() async throws {
        let reader = try ReaderHarness(self)
        let database = reader.store.path
        let folder = reader.folder.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let symlink = folder + "/link.txt"
        let hardLink = folder + "/hard.html"
        XCTAssertEqual(Foundation.symlink(database, symlink), 0)
        XCTAssertEqual(link(database, hardLink), 0)
        let otherDatabase = folder + "/copy.html"
        try FileManager.default.copyItem(atPath: database, toPath: otherDatabase)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let copyBefore = try Data(contentsOf: URL(fileURLWithPath: otherDatabase))
        reader.type("jjjj\r")
        for target in [database, symlink, hardLink, database + "-wal", database + ".bak-v3"] {
            reader.type("w\u{15}\(target)\r")
            // The message line is cut at the terminal's width: the role may not fit.
            XCTAssertTrue(reader.lines[29].hasPrefix("Not saved: \(target) is "), reader.lines[29])
        }
        reader.type("w\u{15}\(database)\r")
        XCTAssertTrue(reader.lines[29].hasPrefix("Not saved: \(database) is the database"), reader.lines[29])
        reader.type("w\u{15}\(otherDatabase)\r")
        XCTAssertTrue(reader.lines[29].hasPrefix("Not saved: \(otherDatabase) is a SQLite database"), reader.lines[29])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: otherDatabase)), copyBefore)
        XCTAssertFalse(FileManager.default.fileExists(atPath: database + ".bak-v3"))

        let page = folder + "/page.html"
        reader.type("w\u{15}\(page)\r")
        XCTAssertTrue(reader.lines[29].hasPrefix("Saved HTML to \(page)"), reader.lines[29])
        reader.type("w\u{15}\(page)\r")
        XCTAssertTrue(reader.lines[29].contains("exists. Replace it? (y/n)"), "same kind: asked: \(reader.lines[29])")
        reader.type("y")
        XCTAssertTrue(reader.lines[29].hasPrefix("Saved HTML to \(page)"), reader.lines[29])
    }
}
