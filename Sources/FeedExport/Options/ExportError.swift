import FeedStore

/// Why an export (or count) could not run or could not write its output; each maps to an exit status.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The output file (or its temporary sibling) cannot be created.
    case cannotCreate(path: String, reason: String)
    /// Writing, flushing or renaming the output failed (a full disk, an I/O error).
    case writeFailed(path: String, reason: String)
    /// A `--feed` names no stored feed by URL or title.
    case unknownFeed(String)
    /// The template file cannot be read.
    case templateUnreadable(path: String, reason: String)
    /// The template is not valid Mustache.
    case templateInvalid(path: String, reason: String)
    /// A `--query` that does not parse.
    case invalidQuery(QuerySyntaxError)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): return "cannot create \(path): \(reason)"
        case .writeFailed(let path, let reason): return "cannot write \(path): \(reason)"
        case .unknownFeed(let name): return "no feed matches \"\(name)\" (give its URL or title)"
        case .templateUnreadable(let path, let reason): return "cannot read template \(path): \(reason)"
        case .templateInvalid(let path, let reason): return "template \(path) is not valid Mustache: \(reason)"
        case .invalidQuery(let error): return error.description
        }
    }

    /// Parses a `--query`; nil for none.
    public static func parse(_ query: String?) throws(ExportError) -> QueryExpression? {
        guard let query else { return nil }
        do {
            return try QueryExpression(parsing: query)
        } catch {
            throw .invalidQuery(error)
        }
    }
}
