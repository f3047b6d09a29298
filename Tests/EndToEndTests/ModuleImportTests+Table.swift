import Foundation
import XCTest

/// The README's module table is checked against Package.swift, where the import rules are written
/// once: `Scripts/check-imports.sh` names a row that differs and a module the table leaves out.
extension ModuleImportTests {
    func testATableRowThatDiffersFromThePackageIsReported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let terminalRow = try XCTUnwrap(rows.first { $0.hasPrefix("| TerminalView |") })
        readme = readme.replacingOccurrences(of: terminalRow + "\n", with: "")
        readme = readme.replacingOccurrences(
            of: "| TidingsText, CCurl, CDeflate, CZstd, CBrotli |", with: "| TidingsText, CCurl, FeedStore |")
        try readme.write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)

        let (status, output) = try check(root)
        XCTAssertEqual(status, 1)
        let lines = output.split(separator: "\n").map(String.init).sorted()
        XCTAssertEqual(lines.count, 2, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("README.md: FeedFetch may import 'CCurl FeedStore TidingsText'") }, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("README.md: the module table has no row for TerminalView") }, output)
    }
}
