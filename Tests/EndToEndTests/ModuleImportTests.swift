import Foundation
import XCTest

/// The module imports stay one-way (docs/architecture.md): `Scripts/check-imports.sh` passes on
/// the repository and fails, naming file, line and module, on a tree that breaks a rule.
final class ModuleImportTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func check(_ root: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [repository.appendingPathComponent("Scripts/check-imports.sh").path, root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testTheSourcesImportOnlyWhatTheirModuleMayImport() throws {
        let (status, output) = try check(repository)
        XCTAssertEqual(output, "")
        XCTAssertEqual(status, 0)
    }

    func testAnImportAgainstTheRulesIsReported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Sources/TerminalView/Table.swift": "import Foundation\nimport TidingsText\nimport FeedStore\n",
            "Sources/FeedModel/Parser.swift": "@testable import FeedFetch\nimport CLibXML2\n",
            "Sources/tidings/Main.swift": "import ArgumentParser\nimport struct TerminalView.Rect\n",
            "Sources/FeedCache/Cache.swift": "import Foundation\n",
            "Sources/FeedStore/Store.swift": "import GRDB\nimport FeedModel\n",
        ]
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let (status, output) = try check(root)
        XCTAssertEqual(status, 1)
        let lines = output.split(separator: "\n").map(String.init).sorted()
        XCTAssertEqual(lines.count, 4, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Sources/FeedCache: no import rule") }, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Sources/FeedModel/Parser.swift:1: FeedModel imports FeedFetch") }, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Sources/TerminalView/Table.swift:3: TerminalView imports FeedStore") }, output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Sources/tidings/Main.swift:2: tidings imports TerminalView") }, output)
    }
}
