import FeedFetch
import FeedModel
import FeedStore
import FeedSync
import Foundation

/// Syncs the `[[account]]`s of config.toml with their services: `tidings refresh` runs it after the
/// local feeds, in the same run.
///
/// Per account: sends the outbox (the marks made here, in batches), drops the entries the service
/// confirmed, then asks for what changed since the kept `SyncState`: new items are stored through
/// the store's apply path as a feed document per subscription; the service's unread and starred sets
/// then set the marks of the account's articles, except where a local mark still waits (the later
/// change wins: one that waits is newer than what the service showed). The state is kept last, so a
/// sync stopped anywhere only fetches again. The subscription list is read on a first sync, when an
/// item names a subscription the store does not know, when a star here is missing from the service's
/// set, when the last reading is an hour old, and on `refresh --all`, so a sync with nothing new
/// costs the changes' requests only; reading it brings renamed labels and drops the feeds
/// unsubscribed elsewhere (stars kept). An account that fails is one result with one line; the
/// others still sync.
///
/// Threading: `run` may be called from any task; accounts sync one after the other.
public final class SyncController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Syncs each account in turn, under the refresh lock (throws `RefreshError.locked` when another
    /// refresh holds it, unless `waitForLock`). With `listingSubscriptions` (`refresh --all`) every
    /// account's subscription list is read again, whatever its age.
    public func run(
        _ accounts: [SyncAccount], ignoreRules: IgnoreRules = .none, waitForLock: Bool = false,
        listingSubscriptions: Bool = false
    ) async throws -> [AccountSyncResult] {
        guard !accounts.isEmpty else { return [] }
        let lock = try await RefreshLock.acquire(path: environment.paths.refreshLock, wait: waitForLock)
        defer { lock.release() }
        return await runHoldingLock(accounts, ignoreRules: ignoreRules, listingSubscriptions: listingSubscriptions)
    }

    /// `run` for a caller that holds the refresh lock already (`RefreshController.run(_:progress:then:)`).
    package func runHoldingLock(
        _ accounts: [SyncAccount], ignoreRules: IgnoreRules = .none, listingSubscriptions: Bool = false
    ) async -> [AccountSyncResult] {
        var results: [AccountSyncResult] = []
        for account in accounts {
            if Task.isCancelled { break }
            results.append(await sync(account, ignoreRules: ignoreRules, listingSubscriptions: listingSubscriptions))
        }
        return results
    }

    /// How old the kept subscription list may be before a sync reads it again: label and subscription
    /// changes made elsewhere arrive within this, while a sync with nothing new stays at its few requests.
    static let subscriptionListAge: Int64 = 3600

    private func sync(_ account: SyncAccount, ignoreRules: IgnoreRules, listingSubscriptions: Bool) async
        -> AccountSyncResult
    {
        var result: AccountSyncResult
        do {
            result = try await AccountService.with(account, environment: environment) { service in
                await exchange(account, service: service, ignoreRules: ignoreRules, listing: listingSubscriptions)
            }
        } catch {
            result = AccountSyncResult(account: account.name)
            result.failure = (error as? AccountSyncFailure) ?? (error as? SyncError).map { Self.failure(account, $0) }
                ?? AccountSyncFailure(message: "account \(account.name): \(error)", status: .unavailable)
        }
        result.waiting = (try? environment.store.outboxCount(account: account.name)) ?? 0
        return result
    }

    /// Sends the outbox, then takes the changes; the result, with the failure that stopped it if any.
    private func exchange(
        _ account: SyncAccount, service: some FeedService, ignoreRules: IgnoreRules, listing: Bool
    ) async -> AccountSyncResult {
        var result = AccountSyncResult(account: account.name)
        let store = environment.store
        do {
            let waiting = try store.outbox(account: account.name)
            if !waiting.isEmpty {
                let edits = waiting.compactMap { entry in
                    SyncEdit.Action(rawValue: entry.action).map { SyncEdit(itemID: SyncItemID(entry.itemID), action: $0) }
                }
                let outcome = await service.send(edits)
                let confirmed = Set(outcome.confirmed)
                let done = waiting.filter { entry in
                    SyncEdit.Action(rawValue: entry.action).map {
                        confirmed.contains(SyncEdit(itemID: SyncItemID(entry.itemID), action: $0))
                    } ?? true
                }
                try store.removeFromOutbox(ids: done.map(\.id))
                result.sent = done.count
                if let error = outcome.error {
                    result.failure = Self.failure(account, error)
                    return result
                }
            }
            let kept = try store.syncState(account: account.name).flatMap(SyncState.init(text:))
            var changes = try await service.changes(since: kept ?? SyncState())
            let now = Date()
            let seconds = Int64(now.timeIntervalSince1970)
            changes.state.subscriptionsListedAt = kept?.subscriptionsListedAt
            var feedIDs = try store.accountFeedIDsBySubscription(account: account.name)
            let named = Set(changes.newItems.map(\.subscriptionID))
            let listAge = kept?.subscriptionsListedAt.map { seconds - $0 } ?? Int64.max
            let starred = Set(changes.starredIDs.map(\.value))
            var listDue = kept == nil || listing || listAge >= Self.subscriptionListAge || !named.isSubset(of: feedIDs.keys)
            if !listDue { listDue = try store.hasStarsMissing(account: account.name, starred: starred) }
            if listDue {
                let subscriptions = try await service.subscriptions()
                var entries = subscriptions.subscriptions.map {
                    AccountFeedEntry(
                        subscriptionID: $0.id, url: $0.url, title: $0.title, siteURL: $0.siteURL, labels: $0.labels)
                }
                // An item of a subscription the list left out still gets a feed: nothing is dropped.
                for id in named.subtracting(entries.map(\.subscriptionID)).sorted() {
                    entries.append(AccountFeedEntry(subscriptionID: id, url: id, title: id, siteURL: nil, labels: []))
                }
                let replaced = try store.replaceAccountFeeds(account: account.name, entries, now: now)
                feedIDs = replaced.ids
                result.feedsGone = replaced.removal.deletedFeeds + replaced.removal.keptFeeds
                changes.state.subscriptionsListedAt = seconds
            }
            try store.applyIgnoreRules(ignoreRules)
            for (subscriptionID, items) in Dictionary(grouping: changes.newItems, by: \.subscriptionID) {
                guard let feedID = feedIDs[subscriptionID], let feed = try store.feed(id: feedID) else { continue }
                let document = SyncedDocument.feed(title: feed.displayTitle, siteURL: feed.siteURL, items: items)
                let prepared = try store.prepare(feedID: feedID, feed: document, fetchedAt: now)
                let applied = try store.applySynced(
                    prepared, fetch: FetchRecord(fetchedAt: now, status: 200), itemIDs: SyncedDocument.itemIDs(items),
                    ignoring: ignoreRules)
                result.newArticles += applied.new
            }
            let marks = try store.applySyncedMarks(
                account: account.name, unread: Set(changes.unreadIDs.map(\.value)), starred: starred,
                state: changes.state.text, now: now)
            result.marksTaken = marks.readChanged + marks.starChanged
        } catch let error as SyncError {
            result.failure = Self.failure(account, error)
        } catch {
            result.failure = AccountSyncFailure(
                message: "account \(account.name): the database failed: "
                    + CommandFailure.systemReason(error, namingPath: false),
                status: .ioError)
        }
        return result
    }

    /// The one line and exit status of a service's error.
    static func failure(_ account: SyncAccount, _ error: SyncError) -> AccountSyncFailure {
        let status: ExitStatus = switch error {
        case .authRejected: .noPermission
        case .badResponse: .protocolError
        case .invalidEndpoint: .config
        case .unreachable, .serverError, .unsupported, .refused: .unavailable
        }
        return AccountSyncFailure(message: "account \(account.name): \(error.description)", status: status)
    }
}
