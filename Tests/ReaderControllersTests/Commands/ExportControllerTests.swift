import FeedExport
import FeedModel
import FeedStore
import Foundation
import ReaderControllers
import TestSupport
import XCTest

/// What the controller adds to FeedExport's formats: text cleaned for the terminal it goes to, and
/// templates read from files with exit statuses for what goes wrong.
final class ExportControllerTests: XCTestCase {
    func testTextAlignsColumnsOnATerminalAndDropsControlCharacters() throws {
        let fixture = try ExportFixture(self)
        try fixture.addFeed(
            "https://e.example.org/feed", title: "E\u{1B}[31m feed",
            items: [
                exportArticle(1, title: "Short"),
                exportArticle(2, title: "A much longer title that will not fit in the column at all, surely not"),
                exportArticle(3, title: "漢字のタイトル\u{202E}reversed"),
            ])
        let text = try fixture.exportText(ExportOptions(format: .text, terminalWidth: 100))
        XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        let urlColumns = text.split(separator: "\n").map { line -> Int in
            let prefix = line[..<(line.range(of: "https://")?.lowerBound ?? line.endIndex)]
            return prefix.unicodeScalars.reduce(0) { $0 + (($1.value >= 0x3000 && $1.value < 0xA000) ? 2 : 1) }
        }
        XCTAssertEqual(urlColumns.count, 3)
        XCTAssertEqual(Set(urlColumns).count, 1, "URLs start in one column: \(text)")
        XCTAssertTrue(text.contains("…"))
    }

    func testInvalidTemplateIsRefusedBeforeAnythingIsWritten() throws {
        let fixture = try ExportFixture(self)
        try fixture.addFeed("https://a.example.org/feed", title: "Alpha", items: (1...3).map { exportArticle($0) })
        let template = fixture.path("bad.mustache")
        try "{{#articles}}{{title}}{{/wrong}}".write(toFile: template, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try fixture.export(ExportOptions(templatePath: template))) { error in
            guard case .templateInvalid? = error as? ExportError else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? ExportError)?.exitStatus, .dataError)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path("out")))
        XCTAssertThrowsError(try fixture.export(ExportOptions(templatePath: fixture.path("missing")))) { error in
            XCTAssertEqual((error as? ExportError)?.exitStatus, .noInput)
        }
    }
}
