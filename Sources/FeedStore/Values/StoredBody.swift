import GRDB

/// A summary or content column of a stored article: its text, or (for articles streamed with
/// `decodingBodies: false`) the value as stored with its feed's dictionary, decompressed (nil when it
/// has none), decoded by `BodyColumn` when it is read. Handing the
/// stored value over lets an export decompress bodies on its worker threads instead of the thread
/// that reads the database, and skip the summaries it does not write.
enum StoredBody: Sendable, Hashable {
    case text(String?)
    case stored(DatabaseValue, dictionary: [UInt8]?)

    /// The text (decoded each time while `stored`).
    var text: String? {
        switch self {
        case .text(let text): text
        case let .stored(value, dictionary): BodyColumn.decode(value, dictionaryBytes: dictionary)
        }
    }

    /// The decoded form of the same body.
    var decoded: StoredBody {
        guard case .stored = self else { return self }
        return .text(text)
    }
}
