import CZstd
import FeedModel
import Foundation
import GRDB
import Synchronization

/// A dictionary of a feed's own text, which the bodies of its articles are compressed with (zstd,
/// `BodyColumn`). Bodies of one feed share most of their words and markup, yet each is compressed on
/// its own so that any article reads back alone, and a short body compressed alone saves little.
///
/// A dictionary is made from the first document of a feed that has enough text (the first bodies,
/// up to `size` bytes), stored once (a row of `body_dictionaries`, its zstd-compressed bytes in parts
/// of `partSize` in `body_dictionary_parts`) and never changed: every body compressed with it names it
/// (`article_bodies.dictionary_id`, a foreign key, so no dictionary a body needs can be deleted).
/// Articles that move to another feed keep theirs.
///
/// Stored in small parts, because a whole dictionary per row leaves much of each page empty. Part `k`
/// of dictionary `d` is the row whose id is `d * partsPerDictionary + k`: rows of a rowid table
/// written in id order fill their pages, where a table keyed by (dictionary, part) splits them.
struct BodyDictionary: Sendable {
    /// The most bytes of text a dictionary takes from a document: a larger dictionary costs little more
    /// to store than it saves on the bodies of later documents, for the same processor time.
    static let size = 32 * 1024
    /// A document with less body text than this gets no dictionary (its bodies are compressed alone).
    static let minimumDocumentBytes = 32 * 1024

    /// Its row in `body_dictionaries`; nil for one made from a document and not stored yet.
    let id: Int64?
    /// The dictionary's bytes.
    let bytes: [UInt8]
    /// For one not stored yet: its stored value (`compressed`) when already made, by the thread that
    /// prepared its document, so that the store's one writer only inserts it.
    var storedValue: Data?

    /// The zstd level of a dictionary's stored value.
    static let storedLevel: Int32 = 3

    /// A new dictionary from `feed`'s bodies, or nil when the document has too little text.
    init?(madeFrom feed: Feed) {
        var total = 0
        for item in feed.items {
            total += (item.contentHTML ?? item.contentText)?.utf8.count ?? 0
            total += item.summary?.utf8.count ?? 0
        }
        guard total >= Self.minimumDocumentBytes else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size)
        for item in feed.items {
            for text in [item.contentHTML ?? item.contentText, item.summary] {
                guard var text, bytes.count < Self.size else { continue }
                // Copied from the string's storage in one go: its UTF-8 prefix as a sequence goes
                // byte by byte.
                text.withUTF8 { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0.prefix(Self.size - bytes.count))) }
            }
        }
        self.init(id: nil, bytes: bytes)
    }

    private init(id: Int64?, bytes: [UInt8]) {
        self.id = id
        self.bytes = bytes
    }

    /// The most bytes of one row of `body_dictionary_parts`: small parts leave little of the last page
    /// a row did not fit in empty.
    static let partSize = 512
    /// The ids of `body_dictionary_parts` each dictionary has: room for several times what a
    /// compressed dictionary of `size` bytes can take.
    static let partsPerDictionary: Int64 = 256

    /// SQL for the stored value of the dictionary whose id is `id` (an SQL expression, which appears
    /// more than once: a column, or a numbered parameter such as `?1`): its parts joined
    /// (`partsFunction`), NULL when there is none.
    static func storedValue(of id: String) -> String {
        let first = "(\(id)) * \(partsPerDictionary)"
        return """
            (SELECT tidings_dictionary_parts(id - \(first), bytes) FROM body_dictionary_parts
             WHERE id BETWEEN \(first) AND \(first) + \(partsPerDictionary - 1))
            """
    }

    /// The table of the parts, and the trigger that deletes a dictionary's parts with it.
    static let partsTable = """
        CREATE TABLE body_dictionary_parts (id INTEGER PRIMARY KEY, bytes BLOB NOT NULL);
        CREATE TRIGGER body_dictionaries_parts_delete AFTER DELETE ON body_dictionaries BEGIN
            DELETE FROM body_dictionary_parts
            WHERE id BETWEEN old.id * \(partsPerDictionary) AND old.id * \(partsPerDictionary) + \(partsPerDictionary - 1);
        END;
        """

    /// `tidings_dictionary_parts(part, bytes)`: an aggregate that joins the parts of a stored
    /// dictionary in the order of their numbers; NULL for no parts, or parts not numbered 0, 1, 2...
    static let partsFunction = DatabaseFunction(
        "tidings_dictionary_parts", argumentCount: 2, pure: true, aggregate: StoredParts.self)

    /// The dictionary stored last for `feedID`, nil when it has none.
    static func latest(_ db: Database, feedID: Int64) throws -> BodyDictionary? {
        guard let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT id, \(storedValue(of: "d.id")) AS dictionary FROM body_dictionaries d
                    WHERE feed_id = ? ORDER BY id DESC LIMIT 1
                    """),
            arguments: [feedID])
        else { return nil }
        guard let bytes = DecodedDictionaries.bytes(of: row["dictionary"]) else {
            throw FeedStoreError.inconsistent("body dictionary \(row["id"] as Int64) cannot be read")
        }
        return BodyDictionary(id: row["id"], bytes: bytes)
    }

    /// The stored value of `bytes`: one zstd frame at `storedLevel`, made with `context` (a kept one
    /// saves setting up its tables) or else a context of its own; nil when zstd fails.
    static func compressed(_ bytes: [UInt8], context: OpaquePointer? = nil) -> Data? {
        bytes.withUnsafeBytes { source -> Data? in
            let capacity = ZSTD_compressBound(source.count)
            var output = Data(count: capacity)
            let written = output.withUnsafeMutableBytes { buffer in
                if let context {
                    ZSTD_compressCCtx(context, buffer.baseAddress, capacity, source.baseAddress, source.count, storedLevel)
                } else {
                    ZSTD_compress(buffer.baseAddress, capacity, source.baseAddress, source.count, storedLevel)
                }
            }
            guard ZSTD_isError(written) == 0 else { return nil }
            output.removeSubrange(written...)
            return output
        }
    }

    /// Stores this dictionary for `feedID` (when not stored yet) and returns it with its id.
    func stored(_ db: Database, feedID: Int64) throws -> BodyDictionary {
        guard id == nil else { return self }
        guard let compressed = storedValue ?? Self.compressed(bytes) else {
            throw FeedStoreError.inconsistent("a body dictionary could not be compressed")
        }
        // Cached: a first refresh stores a dictionary for nearly every feed.
        try db.cachedStatement(sql: "INSERT INTO body_dictionaries (feed_id) VALUES (?)").execute(arguments: [feedID])
        let id = db.lastInsertedRowID
        try Self.storeParts(db, id: id, compressed)
        return BodyDictionary(id: id, bytes: bytes)
    }

    /// Writes the stored (compressed) bytes of dictionary `id` into `body_dictionary_parts`.
    static func storeParts(_ db: Database, id: Int64, _ stored: Data) throws {
        guard id >= 0, id < Int64.max / partsPerDictionary, stored.count <= Int(partsPerDictionary) * partSize else {
            throw FeedStoreError.inconsistent("body dictionary \(id) does not fit its parts")
        }
        let insert = try db.cachedStatement(sql: "INSERT INTO body_dictionary_parts (id, bytes) VALUES (?, ?)")
        var start = stored.startIndex
        var part: Int64 = 0
        repeat {
            let end = min(start + partSize, stored.endIndex)
            try insert.execute(arguments: [id * partsPerDictionary + part, stored[start..<end]])
            start = end
            part += 1
        } while start < stored.endIndex
    }

    /// The state of `partsFunction`: the parts seen, joined by number when all are in.
    private struct StoredParts: DatabaseAggregate {
        private var parts: [(number: Int64, bytes: Data)] = []

        init() {}

        mutating func step(_ values: [DatabaseValue]) throws {
            guard let number = Int64.fromDatabaseValue(values[0]), let bytes = Data.fromDatabaseValue(values[1])
            else { throw FeedStoreError.inconsistent("a part of a body dictionary is not a numbered blob") }
            parts.append((number, bytes))
        }

        func finalize() throws -> (any DatabaseValueConvertible)? {
            guard !parts.isEmpty else { return nil }
            let ordered = parts.sorted { $0.number < $1.number }
            guard ordered.enumerated().allSatisfy({ Int64($0.offset) == $0.element.number }) else { return nil }
            var joined = Data(capacity: ordered.reduce(0) { $0 + $1.bytes.count })
            for part in ordered { joined.append(part.bytes) }
            return joined
        }
    }
}

/// Dictionaries as stored (zstd frames) decoded once and kept, because an export or a scan of bodies
/// reads articles of every feed in turn. Past a bound they are dropped and decoded again as needed.
/// Keyed by the stored bytes, so that a kept entry never stands for another file's or a reused id.
enum DecodedDictionaries {
    private struct Kept {
        var dictionaries: [Data: [UInt8]] = [:]
        var bytes = 0
    }

    private static let kept = Mutex(Kept())
    private static let maximumKeptBytes = 32 << 20

    /// The dictionary's bytes from its stored value; nil when it is not a whole zstd frame.
    static func bytes(of value: DatabaseValue) -> [UInt8]? {
        guard case .blob(let stored) = value.storage else { return nil }
        if let bytes = kept.withLock({ $0.dictionaries[stored] }) { return bytes }
        guard let bytes = decompress(stored) else { return nil }
        kept.withLock {
            if $0.bytes + bytes.count > maximumKeptBytes { $0 = Kept() }
            if $0.dictionaries.updateValue(bytes, forKey: stored) == nil { $0.bytes += bytes.count }
        }
        return bytes
    }

    private static func decompress(_ stored: Data) -> [UInt8]? {
        stored.withUnsafeBytes { source -> [UInt8]? in
            let size = ZSTD_getFrameContentSize(source.baseAddress, source.count)
            guard size <= UInt64(BodyDictionary.size) else { return nil }
            var output = [UInt8](repeating: 0, count: Int(size))
            let written = output.withUnsafeMutableBytes { buffer in
                ZSTD_decompress(buffer.baseAddress, buffer.count, source.baseAddress, source.count)
            }
            guard ZSTD_isError(written) == 0, written == Int(size) else { return nil }
            return output
        }
    }
}
