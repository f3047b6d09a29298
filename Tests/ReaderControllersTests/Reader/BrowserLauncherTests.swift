import Foundation
import TerminalView
@testable import ReaderControllers
import TestSupport
import XCTest

/// `o` only says a browser opened when one ran: a missing command or one failing at once is an error.
final class BrowserLauncherTests: XCTestCase {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testAMissingBrowserCommandIsReported() {
        let launcher = BrowserLauncher(configured: "/nonexistent/browser %u", isTerminal: false, environment: [:])
        XCTAssertThrowsError(try launcher.open("https://example.org/", runChild: { try TerminalChild.run($0, input: $1, terminal: nil) })) { error in
            XCTAssertTrue("\(error)".hasPrefix("no browser: '/nonexistent/browser %u' cannot be run"), "\(error)")
        }
        let fromEnvironment = BrowserLauncher(
            configured: nil, isTerminal: false, environment: ["BROWSER": "no-such-browser-tidings"])
        XCTAssertThrowsError(try fromEnvironment.open("https://example.org/", runChild: { try TerminalChild.run($0, input: $1, terminal: nil) }))
        let terminal = BrowserLauncher(configured: "no-such-browser-tidings", isTerminal: true, environment: [:])
        XCTAssertThrowsError(try terminal.open("https://example.org/", runChild: { try TerminalChild.run($0, input: $1, terminal: nil) }))
    }

    func testABrowserFailingAtOnceIsReportedWithItsStatus() {
        let launcher = BrowserLauncher(configured: "sh -c 'exit 3' sh", isTerminal: false, environment: [:])
        XCTAssertThrowsError(try launcher.open("https://example.org/", runChild: { try TerminalChild.run($0, input: $1, terminal: nil) })) { error in
            XCTAssertTrue("\(error)".contains("failed (exit status 3)"), "\(error)")
        }
    }

    func testAWorkingBrowserGetsTheURLAsOneArgument() throws {
        let folder = try folder()
        let script = folder.appendingPathComponent("browser.sh")
        let output = folder.appendingPathComponent("opened.txt")
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(output.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let launcher = BrowserLauncher(configured: "\(script.path) %u", isTerminal: false, environment: [:])
        let url = "https://example.org/a?b=c&d='e'"
        try launcher.open(url, runChild: { try TerminalChild.run($0, input: $1, terminal: nil) })
        _ = StateWait.blockingUntil { (try? String(contentsOf: output, encoding: .utf8)) == url }
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), url)
    }
}
