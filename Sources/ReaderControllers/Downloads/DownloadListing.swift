import FeedStore
import Foundation

/// How `tidings downloads` shows a queue entry: a tab-separated line, or a JSON object on one line.
enum DownloadListing {
    /// id, state, article title, URL, file path and failure reason, tab-separated; a field has no tab
    /// or line break, and an absent one is empty.
    static func line(_ entry: StoredDownload) -> String {
        let fields = [
            String(entry.id), entry.state.rawValue, entry.articleTitle ?? "", entry.url, entry.filePath ?? "",
            entry.failure ?? "",
        ]
        return fields.map(ConsoleText.line).joined(separator: "\t") + "\n"
    }

    private struct Object: Encodable {
        let id: Int64
        let state: String
        let title: String?
        let feed: String?
        let url: String
        let file: String?
        let bytes: Int64
        let total: Int64?
        let reason: String?
    }

    static func json(_ entry: StoredDownload) -> String {
        let object = Object(
            id: entry.id, state: entry.state.rawValue, title: entry.articleTitle, feed: entry.feedTitle, url: entry.url,
            file: entry.filePath, bytes: entry.bytesDone, total: entry.bytesTotal, reason: entry.failure)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
