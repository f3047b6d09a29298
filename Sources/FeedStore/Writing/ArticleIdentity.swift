import Foundation
import FeedModel
import GRDB
import TidingsText

/// How an entry is recognised when it comes back, within one feed.
///
/// The identity key is the entry's id/guid (`g:`), else its link (`u:`), else a hash of its title
/// and date (`h:`, FNV-1a 64; with neither, of its text). Ids and links that are http(s) URLs are
/// compared without their scheme and with the host in lower case, so a guid moving from http to
/// https is the same article.
///
/// `ArticleWriter` matches an incoming entry to a stored one first by identity key; failing that,
/// by link (`urlKey`), but only when the link is unambiguous — exactly one stored article of the
/// feed and one entry of the document carry it — and the stored article's own identity is not in the
/// document (so two live entries sharing a link are never merged). The stored identity then becomes
/// the new one, so a feed that changes all its guids keeps its articles and marks.
enum ArticleIdentity {
    /// `text` is asked for only when the entry has no id, link or title.
    static func key(for article: Article, text: @autoclosure () -> String?) -> String {
        if let guid = nonEmpty(article.id) { return "g:" + normalized(guid) }
        if let url = nonEmpty(article.url) { return "u:" + normalized(url) }
        var hash = FNV1a64()
        hash.add(field: article.title)
        hash.add(field: (article.published ?? article.modified)?.timeIntervalSince1970)
        if nonEmpty(article.title) == nil { hash.add(field: text()) }
        return "h:" + hash.hex
    }

    static func urlKey(for article: Article) -> String? {
        nonEmpty(article.url).map(normalized)
    }

    /// The guid as `articles.guid` keeps it: NULL when the identity key is `g:` and the guid itself
    /// (most guids that are not http URLs), since `storedGUIDColumn` gives it back from the identity.
    /// An identity key is `g:` exactly when the entry had a guid, so a NULL guid is never ambiguous.
    static func storedGUID(_ guid: String?, identity: String) -> String? {
        guard let guid, identity.utf8.count == guid.utf8.count + 2, identity.hasPrefix("g:"),
              identity.utf8.dropFirst(2).elementsEqual(guid.utf8)
        else { return guid }
        return nil
    }

    /// Whether an entry's identity key and guid need not be stored ("v12-compact-store"): its guid is
    /// its link, so the key is `"g:" + normalized(url)` and the guid is `articles.url`. Such a row keeps
    /// NULL in `identity` and `guid` (`key(stored:url:)` and `storedGUIDColumn` give them back); no
    /// other row has a NULL identity.
    static func isDerivedFromLink(identity: String, guid: String?, url: String?) -> Bool {
        guard let guid, guid == url, identity.hasPrefix("g:") else { return false }
        return true
    }

    /// The identity key of a stored article from its `identity` and `url` columns.
    static func key(stored identity: String?, url: String?) -> String? {
        if let identity { return identity }
        return url.map { "g:" + normalized($0) }
    }

    /// The guid of the article `a`, in SQL: the stored one, else its link when its identity is not
    /// stored, else the one its identity key holds.
    static let storedGUIDColumn = """
        CASE WHEN a.identity IS NULL THEN a.url
        ELSE coalesce(a.guid, CASE WHEN substr(a.identity, 1, 2) = 'g:' THEN substr(a.identity, 3) END) END
        """

    /// What the store indexes an identity key by (`articles.identity_hash`): FNV-1a 64 of its UTF-8
    /// bytes, as for links. A look-up by hash compares the keys of what it finds.
    static func identityHash(_ key: String) -> Int64 {
        urlHash(key)
    }

    /// `tidings_identity_key(identity, url)`: `key(stored:url:)` in SQL, for statements that compare
    /// the articles of two feeds (`FeedWriter`'s merge).
    static let keyFunction = DatabaseFunction("tidings_identity_key", argumentCount: 2, pure: true) { values in
        key(stored: String.fromDatabaseValue(values[0]), url: String.fromDatabaseValue(values[1]))
    }

    /// `tidings_identity_hash(key)`: `identityHash` in SQL, for the migration that adds the column.
    static let hashFunction = DatabaseFunction("tidings_identity_hash", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(identityHash)
    }

    /// Registers `keyFunction` and `hashFunction`, on every connection of the store.
    static func registerFunctions(_ db: Database) {
        db.add(function: keyFunction)
        db.add(function: hashFunction)
    }

    /// The key of a stored link (`articles.url`), as `urlKey` gives it for the entry it came from.
    static func urlKey(stored url: String?) -> String? {
        nonEmpty(url).map(normalized)
    }

    /// What the store indexes a link key by (`articles.url_hash`): FNV-1a 64 of its UTF-8 bytes. Two
    /// keys may share a hash, so a look-up by hash compares the keys of what it finds.
    static func urlHash(_ key: String) -> Int64 {
        var hash = FNV1a64()
        hash.add(bytes: key.utf8)
        return hash.signed
    }

    /// Drops an http/https scheme and lower-cases the host; other strings are only trimmed.
    static func normalized(_ text: String) -> String {
        let trimmed = trim(text)
        let schemeLength: Int
        if hasPrefixIgnoringCase(trimmed, "https://") {
            schemeLength = 8
        } else if hasPrefixIgnoringCase(trimmed, "http://") {
            schemeLength = 7
        } else {
            return String(trimmed)
        }
        let rest = trimmed.dropFirst(schemeLength)
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else {
            return "//" + rest.lowercased()
        }
        return "//" + rest[..<slash].lowercased() + rest[slash...]
    }

    private static func trim(_ text: String) -> Substring {
        guard let first = text.first, let last = text.last, first.isWhitespace || last.isWhitespace else {
            return text[...]
        }
        return Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func hasPrefixIgnoringCase(_ text: Substring, _ prefix: StaticString) -> Bool {
        let utf8 = text.utf8
        guard utf8.count >= prefix.utf8CodeUnitCount else { return false }
        return zip(utf8, UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
            .allSatisfy { byte, expected in ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == expected }
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
