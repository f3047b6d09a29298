import Foundation
import XCTest

/// The module table of docs/architecture.md is checked against Package.swift, where the import rules are written
/// once: `Scripts/check-imports.sh` names a row that differs and a module the table leaves out.
extension ModuleImportTests {
    func testATableRowThatDiffersFromThePackageIsReported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var table = try String(contentsOf: repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let rows = table.split(separator: "\n", omittingEmptySubsequences: false)
        let terminalRow = try XCTUnwrap(rows.first { $0.hasPrefix("| TerminalView |") })
        table = table.replacingOccurrences(of: terminalRow + "\n", with: "")
        table = table.replacingOccurrences(
            of: "| TidingsText, CCurl, CDeflate, CZstd, CBrotli |", with: "| TidingsText, CCurl, FeedStore |")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try table.write(to: root.appendingPathComponent("docs/architecture.md"), atomically: true, encoding: .utf8)

        let (status, output) = try check(root)
        XCTAssertEqual(status, 1)
        let lines = output.split(separator: "\n").map(String.init).sorted()
        XCTAssertEqual(lines.count, 2, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("docs/architecture.md: FeedFetch may import 'CCurl FeedStore TidingsText'") }, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("docs/architecture.md: the module table has no row for TerminalView") }, output)
    }
}
