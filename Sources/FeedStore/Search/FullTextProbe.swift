import Foundation
import GRDB

/// The first rows of a date-ordered list with full-text conditions, read by walking the list in its
/// order and looking each article up in the index (`FullTextTest.probed`) instead of collecting every
/// hit first (`.listed`), when an estimate says that is cheaper: a word that most of 1,000,000
/// articles contain has its first page after about as many look-ups as the page has rows, where
/// collecting its hits reads and sorts all of them.
/// Kept for: a search list's first page at 100,000 articles, a common word 21% and two words 11% less processor time.
///
/// The estimate reads the index only for the ids of the newest articles (the oldest, for a walk from
/// the oldest): the share of them the full-text conditions match gives the rows the walk visits, and
/// each condition's hits among them give the hits listing would collect.
///
/// The walk is bounded, so that a wrong estimate costs little: it stops at the date of the K-th row
/// of the list without its full-text conditions (K a few times the rows the estimate expects to
/// visit). When fewer rows than wanted match before that date, nothing is returned and the caller
/// lists the hits. Rows that a bounded walk returns are exactly the list's first rows: the bound is a
/// prefix of the list's order, so every row of the list up to the last one returned lies within it.
enum FullTextProbe {
    /// How many of the newest (or oldest) ids the estimate reads.
    static let sampleSize: Int64 = 1_000
    /// What one look-up in the index costs per segment of the index, in hits collected by listing: a
    /// look-up seeks each word in every segment (about 55 µs for two words in 6 segments, 50 µs for
    /// one word in 29, against 0.15 to 0.25 µs a hit listed, measured at 100,000 articles).
    static let lookupCostPerSegment = 50.0
    /// The segments assumed when the index's structure record cannot be read.
    static let usualSegments = 8

    /// The ids of the first `count` rows of the list (those after `extra`; walked from the other end
    /// with `reversed`), in that order; nil when the list is not in date order or has no full-text
    /// condition, when the estimate prefers listing, or when the bounded walk found fewer rows.
    static func firstIDs(
        _ db: Database, _ filter: ArticleFilter, extra: SQLFragment?, reversed: Bool, count: Int
    ) throws -> [Int64]? {
        guard count > 0, filter.sort == .newestFirst || filter.sort == .oldestFirst else { return nil }
        let matches = filter.fullTextMatches
        // A prefix term is expanded over every word it begins in each look-up, so probing one costs
        // more than listing its hits.
        guard !matches.isEmpty, !matches.contains(where: { $0.contains("*") }) else { return nil }
        let descending = (filter.sort == .newestFirst) != reversed
        guard let walked = try estimatedWalk(db, filter, matches: matches, descending: descending, count: count)
        else { return nil }

        var plain = ArticleFilter.combine(filter.conjuncts(fullText: .probed).filter { !$0.fullText })
        var all = ArticleFilter.combine(filter.conjuncts(fullText: .probed))
        if let extra {
            plain = plain.and(extra)
            all = all.and(extra)
        }
        let order = filter.order(reversed: reversed)
        // The bound: the date of the K-th row of the list without its full-text conditions.
        let window = max(count * 2, Int(min(walked * 4, Double(Int32.max))))
        let bound = try Double.fetchOne(
            db, sql: "SELECT a.sort_date FROM articles a WHERE \(plain.sql) ORDER BY \(order) LIMIT 1 OFFSET ?",
            arguments: plain.arguments + StatementArguments([window - 1]))
        if let bound {
            all = all.and(SQLFragment(descending ? "a.sort_date >= ?" : "a.sort_date <= ?", [bound], columns: ["a.sort_date"]))
        }
        let ids = try Int64.fetchAll(
            db, sql: "SELECT a.id FROM articles a WHERE \(all.sql) ORDER BY \(order) LIMIT ?",
            arguments: all.arguments + StatementArguments([count]))
        return bound == nil || ids.count == count ? ids : nil
    }

    /// The rows the walk is expected to visit for `count` rows, when that costs less than listing the
    /// hits; nil otherwise (or when nothing in the sample matches).
    private static func estimatedWalk(
        _ db: Database, _ filter: ArticleFilter, matches: [String], descending: Bool, count: Int
    ) throws -> Double? {
        guard let ends = try Row.fetchOne(
            db, sql: "SELECT (SELECT min(id) FROM articles) AS lowest, (SELECT max(id) FROM articles) AS highest"),
            let lowest = ends["lowest"] as Int64?, let highest = ends["highest"] as Int64?
        else { return nil }
        let sample = descending
            ? (max(lowest, highest - sampleSize + 1), highest) : (lowest, min(highest, lowest + sampleSize - 1))
        let sampled = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM articles WHERE id BETWEEN ? AND ?", arguments: [sample.0, sample.1]) ?? 0
        guard sampled > 0 else { return nil }
        // Articles in all, from the share of ids in use within the sample.
        let articles = Double(highest - lowest + 1) * Double(sampled) / Double(sample.1 - sample.0 + 1)

        let fullText = ArticleFilter.combine(
            filter.conjuncts(fullText: .window(lowest: sample.0, highest: sample.1)).filter(\.fullText))
        let matching = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM articles a WHERE a.id BETWEEN ? AND ? AND \(fullText.sql)",
            arguments: StatementArguments([sample.0, sample.1]) + fullText.arguments) ?? 0
        guard matching > 0 else { return nil }
        let walked = Double(count) * Double(sampled) / Double(matching)

        var hits = 0
        for match in matches {
            hits += try Int.fetchOne(
                db, sql: "SELECT count(*) FROM article_search WHERE article_search MATCH ? AND rowid BETWEEN ? AND ?",
                arguments: [match, sample.0, sample.1]) ?? 0
        }
        let listing = Double(hits) / Double(sampled) * articles
        let segments = try segmentCount(db) ?? usualSegments
        let lookups = walked * Double(matches.count) * lookupCostPerSegment * Double(max(1, segments))
        return lookups < listing ? walked : nil
    }

    /// The segments of the full-text index, from its structure record (FTS5's `%_data` row 10: a
    /// 4-byte cookie, an optional 4-byte marker of the second version, then the varints nLevel and
    /// nSegment); nil when the record is missing or not in that form.
    static func segmentCount(_ db: Database) throws -> Int? {
        guard let record = try Data.fetchOne(db, sql: "SELECT block FROM article_search_data WHERE id = 10") else {
            return nil
        }
        let bytes = [UInt8](record)
        var index = 4
        if bytes.count >= 8, bytes[4..<8].elementsEqual([0xFF, 0x00, 0x00, 0x01]) { index = 8 }
        guard varint(bytes, &index) != nil, let segments = varint(bytes, &index), segments < 1 << 20 else {
            return nil
        }
        return Int(segments)
    }

    /// SQLite's variable-length integer at `index` (advanced past it): 7 bits a byte, high bit set on
    /// all but the last, the ninth byte whole.
    private static func varint(_ bytes: [UInt8], _ index: inout Int) -> UInt64? {
        var value: UInt64 = 0
        for position in 0..<9 {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            if position == 8 { return value << 8 | UInt64(byte) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte < 0x80 { return value }
        }
        return value
    }
}
