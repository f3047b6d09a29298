import Foundation
import TestSupport
import XCTest

/// `tidings --version` prints the version alone, and the changelog's newest entry is that version.
final class VersionCommandTests: XCTestCase {
    func testVersionOptionPrintsTheVersionAlone() throws {
        let run = try EndToEndRun.tidings(["--version"], testCase: self)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "0.1.0\n")
        XCTAssertEqual(run.stderr, "")
    }

    func testTheChangelogsNewestEntryIsTheVersionPrinted() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try XCTUnwrap(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let printed = try EndToEndRun.tidings(["--version"], testCase: self).stdout
        XCTAssertTrue(newest.hasPrefix("## \(printed.trimmingCharacters(in: .whitespacesAndNewlines)) "), String(newest))
    }
}
