import Foundation
import XCTest

/// The shell completion scripts swift-argument-parser generates from the command definitions
/// (documented in the README) exist for bash, zsh and fish and know the export options.
final class CompletionScriptTests: XCTestCase {
    func testCompletionScriptsForEveryShellNameTheExportOptions() throws {
        for shell in ["bash", "zsh", "fish"] {
            let run = try EndToEndRun.tidings(["--generate-completion-script", shell], testCase: self)
            XCTAssertEqual(run.status, 0, "\(shell): \(run.stderr)")
            XCTAssertEqual(run.stderr, "", shell)
            for word in ["export", "count", "mark-read", "state", "template"] {
                XCTAssertTrue(run.stdout.contains(word), "\(shell) completion lacks \(word)")
            }
        }
    }
}
