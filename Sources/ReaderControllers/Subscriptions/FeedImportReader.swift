import FeedModel
import Foundation

/// Reads a file for `tidings feeds import`: OPML (XML with an `opml` root, checked strictly) or a
/// newsboat `urls` file, told apart by their first non-blank byte (`<`, after any byte order mark).
/// Anything else is refused with `SubscriptionsError.importMalformed` naming the first bad line.
enum FeedImportReader {
    /// What was read but not imported as it was: one note per line or tag, and how many lines were
    /// left out whole.
    struct Notes {
        var lines: [String] = []
        var notImported = 0
        /// newsboat `query:` lines, for the caller to turn into query feeds.
        var queries: [NewsboatURLsLine] = []
    }

    static func read(path: String) throws -> ([FeedModel.FeedListEntry], Notes) {
        let data: Data
        do {
            data = try InputFile.read(path, limit: SubscriptionsFile.sizeLimit)
        } catch {
            throw SubscriptionsError.importUnreadable(path: path, reason: error.reason)
        }
        if looksLikeXML(data) {
            do {
                return (try OPMLDocument(data: data).entries, Notes())
            } catch let error as OPMLError {
                throw SubscriptionsError.importMalformed(path: path, problem: "it is not a valid OPML file: \(error)")
            }
        }
        let list: NewsboatURLsList
        do {
            list = try NewsboatURLs.read(data)
        } catch {
            throw SubscriptionsError.importMalformed(
                path: path, problem: "it is neither OPML nor a newsboat urls file: \(error)")
        }
        var notes = Notes()
        for line in list.notImported {
            switch line.source {
            case .query:
                notes.queries.append(line)
                continue
            case .exec:
                notes.lines.append("\(path) line \(line.line): command feeds (exec:) are not imported")
            case .filter:
                notes.lines.append("\(path) line \(line.line): filtered feeds (filter:) are not imported")
            }
            notes.notImported += 1
        }
        for tag in list.ignoredTags {
            notes.lines.append(
                "\(path) line \(tag.line): the tag \(tag.tag) means something to newsboat only; \(tag.url) was imported without it")
        }
        return (list.entries, notes)
    }

    /// Whether the first non-blank byte (after a UTF-8 byte order mark) is `<`, or the data starts with
    /// a UTF-16 byte order mark.
    static func looksLikeXML(_ data: Data) -> Bool {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return true }
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return false
        }
        return first == UInt8(ascii: "<")
    }
}
