import FeedStore
import Foundation

/// The reader's side of syncing `[[account]]`s: which accounts are due when the reader opens, one
/// background sync of them (`SyncController`, as `tidings refresh` runs it), and the marks still waiting.
///
/// An account is due at start when it never synced, its last completed sync is older than
/// `dueAfter` (the shortest interval a refresh fetches a local feed at), or marks of it wait in the
/// outbox. `R` syncs every account, due or not.
///
/// Threading: every method reads or writes the store and may block; call them off the main actor
/// (`due` and `run` from the reader's background task), except `waiting`, a count small enough for a frame.
package final class ReaderAccountSync: Sendable {
    package let accounts: [SyncAccount]
    private let environment: AppEnvironment
    private let ignoreRules: IgnoreRules
    static let dueAfter: TimeInterval = 15 * 60

    package init(environment: AppEnvironment, accounts: [SyncAccount], ignoreRules: IgnoreRules) {
        self.environment = environment
        self.accounts = accounts
        self.ignoreRules = ignoreRules
    }

    /// The accounts due now (all of them when the store cannot say).
    func due(now: Date = Date()) -> [SyncAccount] {
        let store = environment.store
        return accounts.filter { account in
            guard let last = try? store.lastSync(account: account.name),
                  let waiting = try? store.outboxCount(account: account.name)
            else { return true }
            return waiting > 0 || now.timeIntervalSince(last) >= Self.dueAfter || last > now
        }
    }

    /// Syncs `chosen` one after the other, reading their subscription lists too when `listing` (`R`,
    /// as `refresh --all`); returns their results and the feed list's scope as it now stands (an
    /// account's first sync adds its feeds), nil when that cannot be read. Throws
    /// `RefreshError.locked` when another refresh holds the database.
    func run(_ chosen: [SyncAccount], listing: Bool) async throws -> (results: [AccountSyncResult], scope: FeedScope?) {
        let results = try await SyncController(environment: environment).run(
            chosen, ignoreRules: ignoreRules, listingSubscriptions: listing)
        let scope = try? SubscriptionsController(environment: environment).scope()
        return (results, scope)
    }

    /// The marks of `account` waiting to be sent; nil when the store cannot say.
    func waiting(account: String) -> Int? {
        try? environment.store.outboxCount(account: account)
    }
}
