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
/// sync stopped anywhere only fetches again. The subscription list is read on a first sync and when an
/// item names a subscription the store does not know, so a sync with nothing new costs the changes'
/// requests only. An account that fails is one result with one line; the others still sync.
///
/// Threading: `run` may be called from any task; accounts sync one after the other.
public final class SyncController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Syncs each account in turn, under the refresh lock (throws `RefreshError.locked` when another
    /// refresh holds it, unless `waitForLock`).
    public func run(_ accounts: [SyncAccount], ignoreRules: IgnoreRules = .none, waitForLock: Bool = false) async throws
        -> [AccountSyncResult]
    {
        guard !accounts.isEmpty else { return [] }
        let lock = try await RefreshLock.acquire(path: environment.paths.refreshLock, wait: waitForLock)
        defer { lock.release() }
        var results: [AccountSyncResult] = []
        for account in accounts {
            if Task.isCancelled { break }
            results.append(await sync(account, ignoreRules: ignoreRules))
        }
        return results
    }

    private func sync(_ account: SyncAccount, ignoreRules: IgnoreRules) async -> AccountSyncResult {
        var result = AccountSyncResult(account: account.name)
        do {
            let password = try AccountPassword.read(account)
            let credentials = SyncCredentials(user: account.user, password: password)
            var configuration = environment.fetchConfiguration
            configuration.maxPerHost = 1
            configuration.maxConcurrent = 1
            let fetcher = FeedFetcher(configuration: configuration)
            switch account.kind {
            case .greader:
                let tokenFile = SyncTokenFile(account: account)
                let client = GoogleReaderClient(
                    endpoint: account.url, credentials: credentials, authToken: tokenFile.read(), fetcher: fetcher)
                result.failure = await exchange(account, service: client, ignoreRules: ignoreRules, result: &result)
                // Nil after a rejection: the file goes, and the next run logs in again.
                tokenFile.write(await client.authToken)
            case .fever:
                let client = FeverClient(endpoint: account.url, credentials: credentials, fetcher: fetcher)
                result.failure = await exchange(account, service: client, ignoreRules: ignoreRules, result: &result)
            }
        } catch {
            result.failure = error
        }
        result.waiting = (try? environment.store.outboxCount(account: account.name)) ?? 0
        return result
    }

    /// Sends the outbox, then takes the changes; the failure that stopped it, if any.
    private func exchange(
        _ account: SyncAccount, service: some FeedService, ignoreRules: IgnoreRules, result: inout AccountSyncResult
    ) async -> AccountSyncFailure? {
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
                if let error = outcome.error { return Self.failure(account, error) }
            }
            let kept = try store.syncState(account: account.name).flatMap(SyncState.init(text:))
            let changes = try await service.changes(since: kept ?? SyncState())
            var feedIDs = try store.accountFeedIDsBySubscription(account: account.name)
            let named = Set(changes.newItems.map(\.subscriptionID))
            if kept == nil || !named.isSubset(of: feedIDs.keys) {
                let subscriptions = try await service.subscriptions()
                var entries = subscriptions.subscriptions.map {
                    AccountFeedEntry(
                        subscriptionID: $0.id, url: $0.url, title: $0.title, siteURL: $0.siteURL, labels: $0.labels)
                }
                // An item of a subscription the list left out still gets a feed: nothing is dropped.
                for id in named.subtracting(entries.map(\.subscriptionID)).sorted() {
                    entries.append(AccountFeedEntry(subscriptionID: id, url: id, title: id, siteURL: nil, labels: []))
                }
                feedIDs = try store.syncAccountFeeds(account: account.name, entries)
            }
            try store.applyIgnoreRules(ignoreRules)
            let now = Date()
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
                account: account.name, unread: Set(changes.unreadIDs.map(\.value)),
                starred: Set(changes.starredIDs.map(\.value)), state: changes.state.text, now: now)
            result.marksTaken = marks.readChanged + marks.starChanged
            return nil
        } catch let error as SyncError {
            return Self.failure(account, error)
        } catch {
            return AccountSyncFailure(
                message: "account \(account.name): the database failed: "
                    + CommandFailure.systemReason(error, namingPath: false),
                status: .ioError)
        }
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
