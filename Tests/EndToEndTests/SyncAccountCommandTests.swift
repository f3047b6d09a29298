import Foundation
import TestSupport
import XCTest

/// `tidings account list|remove` and the accounts in `refresh --json`, against a real FreshRSS
/// (issue 29: "account remove asks first and keeps the account's stars unless told otherwise").
final class SyncAccountCommandTests: SyncTestCase {
    func testAccountRemoveOffATerminalNeedsYesAndChangesNothingWithout() async throws {
        try await syncedAccountWithMarks()
        let before = try storeState()
        let remove = try tidings(["account", "remove", "home"])
        XCTAssertEqual(remove.status, 2, remove.stderr)
        XCTAssertEqual(remove.stderr, "tidings: account remove home: not on a terminal, so nothing asked; add --yes\n")
        XCTAssertEqual(try storeState(), before)
    }

    func testAccountRemoveKeepsStarsAndDropsTheRest() async throws {
        try await syncedAccountWithMarks()
        let config = try Data(contentsOf: URL(fileURLWithPath: files.config))
        let remove = try tidings(["account", "remove", "home", "--yes"])
        XCTAssertEqual(remove.status, 0, remove.stderr)
        XCTAssertEqual(remove.stdout, "removed account home: 3 feeds, 14 articles, 1 marks not sent; 1 starred articles kept\n")
        XCTAssertTrue(remove.stderr.contains("still has [[account]] home: remove that block"), remove.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: files.config)), config, "config.toml is left alone")
        XCTAssertEqual(try sqlite("SELECT title, starred, sync_item_id IS NULL FROM articles;"), "beta item 2|1|1")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox; SELECT count(*) FROM sync_accounts;"), "0\n0")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/cache/tidings/home.greader-token"))
        // The kept star stays in the lists (count, export) and the server is not asked anything.
        XCTAssertEqual(try tidings(["count"]).stdout, "1 article in 1 feed (1 unread, 1 starred)\n")
        let onServer = try await serverItems()
        XCTAssertTrue(onServer["beta item 2"]?.starred == true)
        let list = try tidings(["account", "list"])
        XCTAssertEqual(list.stdout.split(separator: "\t").prefix(2), ["home", "greader"])
        XCTAssertTrue(list.stdout.hasSuffix("\tnever\t0\t0\n"), list.stdout)
    }

    func testAccountRemoveWithDeleteStarsLeavesNothingOfIt() async throws {
        try await syncedAccountWithMarks()
        let remove = try tidings(["account", "remove", "home", "--yes", "--delete-stars"])
        XCTAssertEqual(remove.status, 0, remove.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles; SELECT count(*) FROM feeds;"), "0\n0")
        let again = try tidings(["account", "remove", "home", "--yes"])
        XCTAssertEqual(again.status, 1, again.stderr)
        XCTAssertTrue(again.stderr.hasPrefix("tidings: no account home in the database "), again.stderr)
    }

    func testAccountRemoveAsksOnATerminalAndTakesOneKey() async throws {
        try await syncedAccountWithMarks()
        let before = try storeState()
        let no = try onTerminal(["account", "remove", "home"], key: "n")
        XCTAssertEqual(no.status, 0, no.screen)
        XCTAssertTrue(no.screen.contains("3 feeds and their articles (starred ones kept), 1 marks not yet sent? (y/n) n"), no.screen)
        XCTAssertEqual(try storeState(), before)
        let yes = try onTerminal(["account", "remove", "home"], key: "y")
        XCTAssertEqual(yes.status, 0, yes.screen)
        XCTAssertTrue(yes.screen.contains("? (y/n) y"), yes.screen)
        XCTAssertTrue(yes.screen.contains("removed account home: 3 feeds"), yes.screen)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "1")
    }

    func testAccountListShowsEveryAccountAndNoSecret() async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(.greader)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"alpha item 0\""]).stdout, "1\n")
        let list = try tidings(["account", "list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items[0]["name"] as? String, "home")
        XCTAssertEqual(items[0]["type"] as? String, "greader")
        XCTAssertEqual(items[0]["url"] as? String, try server.greaderURL)
        XCTAssertEqual(items[0]["waiting"] as? Int, 1)
        XCTAssertEqual(items[0]["feeds"] as? Int, 3)
        XCTAssertEqual(items[0]["in_config"] as? Bool, true)
        XCTAssertNotNil(items[0]["last_sync"] as? String)
        let text = try tidings(["account", "list"])
        for output in [list.stdout, text.stdout, text.stderr] {
            XCTAssertFalse(output.contains(try server.apiPassword))
        }

        // Under another config the account is still listed from the database.
        try Data().write(to: URL(fileURLWithPath: files.config))
        let other = try tidings(["account", "list"])
        XCTAssertEqual(other.stdout, "home\tnot in config\t-\t\(items[0]["last_sync"] as? String ?? "")\t1\t3\n")
    }

    func testRefreshJSONHasTheAccountsGReader() async throws { try await refreshJSON(.greader) }
    func testRefreshJSONHasTheAccountsFever() async throws { try await refreshJSON(.fever) }

    /// `refresh --json` keeps its keys and adds `accounts`: synced with counts, then failed with the
    /// one line and status of a server that is down.
    private func refreshJSON(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        let first = try tidings(["refresh", "--json"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        for key in ["new", "updated", "failed", "incomplete", "seconds", "deleted", "cancelled", "feeds"] {
            XCTAssertNotNil(object[key], key)
        }
        let account = try XCTUnwrap((object["accounts"] as? [[String: Any]])?.first)
        XCTAssertEqual(account["name"] as? String, "home")
        XCTAssertEqual(account["status"] as? String, "synced")
        XCTAssertEqual(account["new"] as? Int, 15)
        XCTAssertEqual(account["waiting"] as? Int, 0)
        XCTAssertNil(account["error"])

        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"alpha item 0\""]).stdout, "1\n")
        try server.stop()
        let down = try tidings(["refresh", "--json"])
        XCTAssertEqual(down.status, 69, down.stderr)
        let failed = try XCTUnwrap(
            ((try JSONSerialization.jsonObject(with: Data(down.stdout.utf8)) as? [String: Any])?["accounts"] as? [[String: Any]])?.first)
        XCTAssertEqual(failed["status"] as? String, "failed")
        XCTAssertEqual(failed["exit_status"] as? Int, 69)
        XCTAssertEqual(failed["waiting"] as? Int, 1)
        XCTAssertEqual("tidings: " + (failed["error"] as? String ?? "") + "\n", down.stderr)
        XCTAssertFalse(down.stdout.contains(try server.apiPassword))
    }

    /// 3 feeds × 5 items synced; beta item 2 starred and synced, alpha item 0 marked read and waiting.
    private func syncedAccountWithMarks() async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(.greader)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"beta item 2\""]).stdout, "1\n")
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"alpha item 0\""]).stdout, "1\n")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "1")
    }

    /// `tidings ARGUMENTS` in a tmux pane: waits for the question, then types `key` as a person would
    /// (a key sent before the question is type-ahead, which a pipe into script(1) cannot time); returns
    /// the exit status and the pane's text.
    private func onTerminal(_ arguments: [String], key: String) throws -> (status: Int32?, screen: String) {
        let session = try TmuxSession(command: try paneCommand(arguments), width: 400, height: 20)
        defer { session.stop() }
        try session.waitFor(text: "(y/n)")
        try session.send(key, literal: true)
        let rows = try session.waitFor("the command's exit") { $0.contains { $0.hasPrefix("EXITED-") } }
        let status = rows.first { $0.hasPrefix("EXITED-") }.flatMap { Int32($0.dropFirst("EXITED-".count)) }
        return (status, rows.joined(separator: "\n"))
    }
}
