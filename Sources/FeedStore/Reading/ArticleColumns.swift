import FeedModel
import Foundation
import GRDB

/// The columns of an article list row (`ArticleSummary`), by name: the SELECT list and where a
/// statement put each of its columns.
struct SummaryColumns {
    static let select = """
        a.id AS id, a.feed_id AS feed_id, f.display_title AS feed_title, a.title AS title, a.url AS url,
        a.sort_date AS sort_date, a.read AS read, a.starred AS starred, a.enclosures IS NOT NULL AS has_enclosure
        """

    private let id, feedID, feedTitle, title, url, sortDate, read, starred, hasEnclosure: Int

    init(_ statement: Statement) throws {
        id = try statement.position(of: "id")
        feedID = try statement.position(of: "feed_id")
        feedTitle = try statement.position(of: "feed_title")
        title = try statement.position(of: "title")
        url = try statement.position(of: "url")
        sortDate = try statement.position(of: "sort_date")
        read = try statement.position(of: "read")
        starred = try statement.position(of: "starred")
        hasEnclosure = try statement.position(of: "has_enclosure")
    }

    func summary(from row: Row) -> ArticleSummary {
        ArticleSummary(
            id: row[id], feedID: row[feedID], feedTitle: row[feedTitle], title: row[title], url: row[url],
            date: Date(timeIntervalSince1970: row[sortDate]), read: row[read], starred: row[starred],
            hasEnclosure: row[hasEnclosure])
    }
}

/// The columns of a whole article (`StoredArticle`), by name: the SELECT list (with or without the
/// body's summary and content) and where a statement put each of its columns.
struct ArticleColumns {
    static func select(withContent: Bool) -> String {
        """
        a.id AS id, a.feed_id AS feed_id, f.display_title AS feed_title, f.url AS feed_url,
        f.site_url AS feed_site_url, \(ArticleIdentity.storedGUIDColumn) AS guid, a.url AS url, a.external_url AS external_url,
        a.title AS title, a.sort_date AS sort_date, a.published AS published, a.updated AS updated,
        \(withContent
            ? "b.summary AS summary, b.content AS content, b.dictionary_id AS body_dictionary_id"
            : "NULL AS summary, NULL AS content, NULL AS body_dictionary_id"),
        a.content_type AS content_type, a.image AS image, a.comments AS comments, a.language AS language,
        a.tags AS tags, a.first_seen_at AS first_seen_at, a.read AS read, a.read_at AS read_at,
        a.starred AS starred, a.authors AS authors, a.enclosures AS enclosures,
        a.podcast AS podcast
        """
    }

    /// The stored dictionary of the body `b` (`BodyDictionary`), NULL when it has none.
    static let bodyDictionary = bodyDictionary(of: "b.dictionary_id")

    /// The stored dictionary whose id is the SQL expression `id` (`BodyDictionary.storedValue`), NULL when there is none.
    static func bodyDictionary(of id: String) -> String {
        BodyDictionary.storedValue(of: id)
    }

    private let id, feedID, feedTitle, feedURL, feedSiteURL, guid, url, externalURL, title, sortDate, dictionary: Int
    private let published, updated, summary, content, contentType, image, comments, language, tags: Int
    private let firstSeenAt, read, readAt, starred, authors, enclosures, podcast: Int

    init(_ statement: Statement) throws {
        id = try statement.position(of: "id")
        feedID = try statement.position(of: "feed_id")
        feedTitle = try statement.position(of: "feed_title")
        feedURL = try statement.position(of: "feed_url")
        feedSiteURL = try statement.position(of: "feed_site_url")
        guid = try statement.position(of: "guid")
        url = try statement.position(of: "url")
        externalURL = try statement.position(of: "external_url")
        title = try statement.position(of: "title")
        sortDate = try statement.position(of: "sort_date")
        published = try statement.position(of: "published")
        updated = try statement.position(of: "updated")
        summary = try statement.position(of: "summary")
        content = try statement.position(of: "content")
        dictionary = try statement.position(of: "body_dictionary_id")
        contentType = try statement.position(of: "content_type")
        image = try statement.position(of: "image")
        comments = try statement.position(of: "comments")
        language = try statement.position(of: "language")
        tags = try statement.position(of: "tags")
        firstSeenAt = try statement.position(of: "first_seen_at")
        read = try statement.position(of: "read")
        readAt = try statement.position(of: "read_at")
        starred = try statement.position(of: "starred")
        authors = try statement.position(of: "authors")
        enclosures = try statement.position(of: "enclosures")
        podcast = try statement.position(of: "podcast")
    }

    /// The article of `row`; with `decodingBodies` false its summary and content are left as stored
    /// (`StoredBody.stored`), for the caller to decode (`StoredArticle.decodeBodies`). The body's
    /// dictionary comes from `dictionaries` (read from `db` the first time a statement needs it).
    func article(
        from row: Row, _ db: Database, _ dictionaries: BodyDictionaryLookup, decodingBodies: Bool = true
    ) throws -> StoredArticle {
        let dictionary = try dictionaries.bytes(db, id: row[dictionary])
        return StoredArticle(
            id: row[id], feedID: row[feedID], feedTitle: row[feedTitle], feedURL: row[feedURL],
            feedSiteURL: row[feedSiteURL], guid: row[guid], url: row[url], externalURL: row[externalURL],
            title: row[title], date: Date(timeIntervalSince1970: row[sortDate]),
            published: FeedReader.date(row[published]), updated: FeedReader.date(row[updated]),
            storedSummary: body(row[summary], dictionary: dictionary, decoding: decodingBodies),
            storedContent: body(row[content], dictionary: dictionary, decoding: decodingBodies),
            contentType: (row[contentType] as String?).flatMap(ContentType.init(rawValue:)),
            image: row[image], comments: row[comments], language: row[language], tags: TagColumn.decode(row[tags]),
            firstSeenAt: Date(timeIntervalSince1970: row[firstSeenAt]), read: row[read],
            readAt: FeedReader.date(row[readAt]), starred: row[starred], authorsJSON: row[authors],
            enclosuresJSON: row[enclosures], podcastJSON: row[podcast])
    }

    private func body(_ value: DatabaseValue, dictionary: [UInt8]?, decoding: Bool) -> StoredBody {
        decoding ? .text(BodyColumn.decode(value, dictionaryBytes: dictionary)) : .stored(value, dictionary: dictionary)
    }
}

/// The decompressed dictionaries (`BodyDictionary`) of the bodies one statement reads, by id: each is
/// read and decompressed once per statement, where selecting it with every row copied the stored
/// dictionary (a few KB) out of the database and hashed it again for every body.
///
/// Holds at most `maximumKeptBytes` (then starts over), so that an export of many feeds' articles
/// stays within its memory. Not thread-safe: used by the thread that steps the statement, inside its
/// database access.
final class BodyDictionaryLookup {
    private static let maximumKeptBytes = 16 << 20
    private var known: [Int64: [UInt8]] = [:]
    private var keptBytes = 0

    /// The bytes of dictionary `id`; nil for no id, or a dictionary that is missing or unreadable
    /// (its bodies then decode to nil, as a body that is not a whole stream does).
    func bytes(_ db: Database, id: Int64?) throws -> [UInt8]? {
        guard let id else { return nil }
        if let bytes = known[id] { return bytes }
        let stored = try DatabaseValue.fetchOne(
            db.cachedStatement(sql: "SELECT \(ArticleColumns.bodyDictionary(of: "?1"))"), arguments: [id])
        guard let stored, let bytes = DecodedDictionaries.bytes(of: stored) else { return nil }
        if keptBytes + bytes.count > Self.maximumKeptBytes {
            known = [:]
            keptBytes = 0
        }
        known[id] = bytes
        keptBytes += bytes.count
        return bytes
    }
}
