import Foundation
import TestSupport
import XCTest

/// The shell completion scripts swift-argument-parser generates from the command definitions
/// (documented in docs/commands.md) exist for bash, zsh and fish and know the export options.
final class CompletionScriptTests: XCTestCase {
    func testCompletionScriptsForEveryShellNameTheExportOptions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let run = try EndToEndRun.tidings(["--generate-completion-script", shell], testCase: self)
            XCTAssertEqual(run.status, 0, "\(shell): \(run.stderr)")
            XCTAssertEqual(run.stderr, "", shell)
            for word in ["export", "count", "mark-read", "state", "template"] {
                XCTAssertTrue(run.stdout.contains(word), "\(shell) completion lacks \(word)")
            }
            if shell == "bash", FileManager.default.isExecutableFile(atPath: "/bin/bash") {
                XCTAssertEqual(try syntaxCheck("/bin/bash", run.stdout), 0, "bash -n rejects the script")
            }
        }
    }

    /// Runs `shell -n` (parse only) on `script`; returns its exit status.
    private func syntaxCheck(_ shell: String, _ script: String) throws -> Int32 {
        let file = NSTemporaryDirectory() + "tidings-completion-\(UUID().uuidString)"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-n", file]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
