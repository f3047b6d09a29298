import Foundation
import GRDB

/// The columns of a feed (`StoredFeed`) by name: the SELECT list of table `f` (the counts come from
/// `FeedReader.countColumns`) and where a statement put each of its columns.
struct FeedColumns {
    static let select = """
        f.id AS id, f.url AS url, f.title AS title, f.feed_title AS feed_title, f.display_title AS display_title,
        f.site_url AS site_url, f.description AS description, f.refresh_interval AS refresh_interval,
        f.created_at AS created_at, f.etag AS etag, f.last_modified AS last_modified, f.body_hash AS body_hash,
        f.last_fetch_at AS last_fetch_at, f.last_success_at AS last_success_at, f.last_status AS last_status,
        f.last_error AS last_error, f.consecutive_failures AS consecutive_failures,
        f.next_fetch_at AS next_fetch_at, f.permanent_redirect_url AS permanent_redirect_url,
        f.disabled AS disabled, f.disabled_reason AS disabled_reason, f.account AS account
        """

    private let id, url, title, feedTitle, displayTitle, siteURL, description, refreshInterval, createdAt: Int
    private let etag, lastModified, bodyHash, lastFetchAt, lastSuccessAt, lastStatus, lastError: Int
    private let consecutiveFailures, nextFetchAt, permanentRedirectURL, disabled, disabledReason, account: Int
    private let unreadCount, totalCount: Int

    init(_ statement: Statement) throws {
        id = try statement.position(of: "id")
        url = try statement.position(of: "url")
        title = try statement.position(of: "title")
        feedTitle = try statement.position(of: "feed_title")
        displayTitle = try statement.position(of: "display_title")
        siteURL = try statement.position(of: "site_url")
        description = try statement.position(of: "description")
        refreshInterval = try statement.position(of: "refresh_interval")
        createdAt = try statement.position(of: "created_at")
        etag = try statement.position(of: "etag")
        lastModified = try statement.position(of: "last_modified")
        bodyHash = try statement.position(of: "body_hash")
        lastFetchAt = try statement.position(of: "last_fetch_at")
        lastSuccessAt = try statement.position(of: "last_success_at")
        lastStatus = try statement.position(of: "last_status")
        lastError = try statement.position(of: "last_error")
        consecutiveFailures = try statement.position(of: "consecutive_failures")
        nextFetchAt = try statement.position(of: "next_fetch_at")
        permanentRedirectURL = try statement.position(of: "permanent_redirect_url")
        disabled = try statement.position(of: "disabled")
        disabledReason = try statement.position(of: "disabled_reason")
        account = try statement.position(of: "account")
        unreadCount = try statement.position(of: "unread_count")
        totalCount = try statement.position(of: "total_count")
    }

    func feed(from row: Row, tags: [Int64: [String]]) -> StoredFeed {
        let feedID: Int64 = row[id]
        let state = FetchState(
            etag: row[etag], lastModified: row[lastModified], bodyHash: row[bodyHash],
            lastFetchAt: FeedReader.date(row[lastFetchAt]), lastSuccessAt: FeedReader.date(row[lastSuccessAt]),
            lastStatus: row[lastStatus], lastError: row[lastError], consecutiveFailures: row[consecutiveFailures],
            nextFetchAt: FeedReader.date(row[nextFetchAt]), permanentRedirectURL: row[permanentRedirectURL],
            disabled: row[disabled], disabledReason: row[disabledReason])
        return StoredFeed(
            id: feedID, url: row[url], title: row[title], feedTitle: row[feedTitle], displayTitle: row[displayTitle],
            siteURL: row[siteURL], feedDescription: row[description], tags: tags[feedID] ?? [],
            refreshInterval: row[refreshInterval], createdAt: Date(timeIntervalSince1970: row[createdAt]),
            fetchState: state, unreadCount: row[unreadCount], totalCount: row[totalCount], account: row[account])
    }
}
