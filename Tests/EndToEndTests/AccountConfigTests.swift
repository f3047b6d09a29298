import Foundation
import TestSupport
import XCTest

/// `[[account]]` entries that cannot be used, and `tidings mark` without any account: the built binary,
/// local feeds only, no feed service (issue 29).
final class AccountConfigTests: FeedServerTestCase {
    private func tidings(_ arguments: [String]) throws -> EndToEndRun {
        try EndToEndRun.tidings(
            arguments + files.arguments, testCase: self, environment: ["XDG_CACHE_HOME": folder + "/cache"])
    }

    private func sqlite(_ sql: String) throws -> String {
        try SQLiteShell.run(files.database, sql)
    }

    private func writeConfig(_ text: String) throws {
        try text.write(toFile: files.config, atomically: true, encoding: .utf8)
    }

    private func account(url: String = "https://rss.example.invalid/api/greader.php", password: String) -> String {
        "[[account]]\nname = \"home\"\ntype = \"greader\"\nurl = \"\(url)\"\nuser = \"me\"\n\(password)\n"
    }

    /// A password written in config.toml is refused with its line, for every command that reads the
    /// config, and never shown.
    func testPasswordInConfigIsRefusedNamingItsLine() throws {
        try writeConfig("sort = \"oldest-first\"\n\n" + account(password: "password = \"hunter2-secret\""))
        for command in [["refresh"], ["count"], ["mark", "read", "--query", "unread"]] {
            let run = try tidings(command)
            XCTAssertEqual(run.status, 78, "\(command): \(run.stderr)")
            XCTAssertEqual(
                run.stderr,
                "tidings: config \(files.config):8: [[account]] 1: a password is never written in config.toml; "
                    + "use password_command (e.g. \"pass show rss\") or password_file (mode 600)\n")
            XCTAssertFalse(run.stdout.contains("hunter2") || run.stderr.contains("hunter2"))
        }
        try writeConfig(account(password: "api_key = \"k\""))
        XCTAssertEqual(try tidings(["refresh"]).status, 78)
        try writeConfig(account(password: "password_command = \"echo a\"\npassword_file = \"/tmp/x\""))
        XCTAssertTrue(try tidings(["count"]).stderr.contains("password_command or password_file, not both"))
    }

    /// A password file that group or others may read is refused with a line that says so; the local
    /// feeds are refreshed all the same.
    func testPasswordFileReadableByOthersIsRefused() throws {
        try writeFeedList([(url: try server.url("/feeds/1.xml"), title: nil, tag: nil)])
        let password = folder + "/password"
        try "hunter2-secret\n".write(toFile: password, atomically: true, encoding: .utf8)
        chmod(password, 0o644)
        try writeConfig(account(password: "password_file = \"\(password)\""))
        let run = try tidings(["refresh"])
        XCTAssertEqual(run.status, 78, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "tidings: account home: password_file \(password) is readable by group or others (mode 644); "
                + "run chmod 600 on it\n")
        XCTAssertNotEqual(try sqlite("SELECT count(*) FROM articles;"), "0", "the local feed was refreshed")

        try writeConfig(account(password: "password_command = \"exit 3\""))
        let failed = try tidings(["refresh"])
        XCTAssertEqual(failed.status, 78, failed.stderr)
        XCTAssertTrue(failed.stderr.hasPrefix("tidings: account home: password_command failed"), failed.stderr)
    }

    /// Plain http to another host than loopback: one warning line, then the account's own failure;
    /// neither holds the password.
    func testPlainHTTPWarnsOnceAndNeverShowsThePassword() throws {
        try writeConfig(account(url: "http://rss.example.invalid/api/greader.php", password: "password_command = \"echo hunter2-secret\""))
        let run = try tidings(["refresh"])
        XCTAssertEqual(run.status, 69, run.stderr)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, run.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("tidings: warning: account home: http://rss.example.invalid/") == true, run.stderr)
        XCTAssertTrue(lines.last?.hasPrefix("tidings: account home: http://rss.example.invalid/api/greader.php: ") == true)
        XCTAssertFalse(run.stderr.contains("hunter2"))
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_accounts;"), "0")
    }

    /// `tidings mark` on local feeds: by query and by id, the count of changed articles on stdout, no
    /// outbox entry (no account), an unknown id refused before anything is written.
    func testMarkWithoutAccounts() throws {
        try writeFeedList([(url: try server.url("/feeds/1.xml"), title: nil, tag: nil)])
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        let total = try sqlite("SELECT count(*) FROM articles WHERE read = 0;")
        XCTAssertNotEqual(total, "0")
        let read = try tidings(["mark", "read", "--query", "unread"])
        XCTAssertEqual(read.stdout, total + "\n", read.stderr)
        XCTAssertEqual(try tidings(["mark", "read", "--query", "unread"]).stdout, "0\n")
        let id = try sqlite("SELECT min(id) FROM articles;")
        XCTAssertEqual(try tidings(["mark", "star", id]).stdout, "1\n")
        XCTAssertEqual(try tidings(["mark", "unread", id]).stdout, "1\n")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0")

        let before = try sqlite("SELECT group_concat(id || ':' || read || starred) FROM articles;")
        let unknown = try tidings(["mark", "read", id, "999999"])
        XCTAssertEqual(unknown.status, 65)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(unknown.stderr.hasPrefix("tidings: mark: no article has id 999999"), unknown.stderr)
        XCTAssertEqual(try sqlite("SELECT group_concat(id || ':' || read || starred) FROM articles;"), before)
        XCTAssertEqual(try tidings(["mark", "read"]).status, 2)
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title ="]).status, 2)
    }
}
