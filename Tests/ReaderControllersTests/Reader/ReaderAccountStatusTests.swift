@testable import ReaderControllers
import XCTest

/// The accounts' part of the reader's status line: what each state says, in config order, and that a
/// sync that worked leaves nothing.
final class ReaderAccountStatusTests: XCTestCase {
    func testEachStateIsWordedAndASuccessLeavesNothing() {
        var status = ReaderAccountStatus(accounts: ["home", "work"])
        XCTAssertNil(status.text)
        status.syncing(["work", "home"])
        XCTAssertEqual(status.text, "home: syncing; work: syncing")

        var home = AccountSyncResult(account: "home")
        home.failure = AccountSyncFailure(message: "account home: cannot reach", status: .unavailable)
        home.waiting = 1
        var work = AccountSyncResult(account: "work")
        work.failure = AccountSyncFailure(message: "account work: rejected", status: .noPermission)
        status.finished([home, work])
        XCTAssertEqual(status.text, "home: offline, 1 change waiting; work: password rejected")
        XCTAssertEqual(status.troubled, ["home", "work"])

        status.setWaiting(12, account: "home")
        XCTAssertEqual(status.text, "home: offline, 12 changes waiting; work: password rejected")
        status.finished([AccountSyncResult(account: "home"), AccountSyncResult(account: "work")])
        XCTAssertNil(status.text)
        XCTAssertEqual(status.troubled, [])
    }

    func testAnAccountASyncDidNotReachStopsSyncing() {
        var status = ReaderAccountStatus(accounts: ["home"])
        status.syncing(["home"])
        status.finished([])
        XCTAssertNil(status.text)
    }

    func testAnAccountNameCannotWriteControlCharacters() {
        var status = ReaderAccountStatus(accounts: ["evil\u{1b}[2J"])
        status.syncing(["evil\u{1b}[2J"])
        XCTAssertFalse(status.text?.contains("\u{1b}") ?? true)
    }

    func testWaitingCountsAreReadAgainOnlyAfterAKey() {
        var status = ReaderAccountStatus(accounts: ["home", "work"])
        var home = AccountSyncResult(account: "home")
        home.failure = AccountSyncFailure(message: "account home: cannot reach", status: .unavailable)
        status.finished([home, AccountSyncResult(account: "work")])
        XCTAssertEqual(status.takeAccountsToRecount(), [], "the result carried the count")
        status.marksMayHaveChanged()
        XCTAssertEqual(status.takeAccountsToRecount(), ["home"])
        XCTAssertEqual(status.takeAccountsToRecount(), [], "frames without keys read nothing")
        status.finished([AccountSyncResult(account: "home")])
        status.marksMayHaveChanged()
        XCTAssertEqual(status.takeAccountsToRecount(), [], "nothing in trouble")
    }
}
