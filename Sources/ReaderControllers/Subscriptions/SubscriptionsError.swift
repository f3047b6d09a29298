import FeedModel

/// Why the feed list could not be read, written or changed.
public enum SubscriptionsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The list exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The list is empty, not well-formed XML (`problem` says where and what), or not OPML;
    /// `backup` is the previous version, when there is one.
    case malformed(path: String, problem: OPMLError, backup: String?)
    /// The list is bigger than `SubscriptionsFile.sizeLimit`.
    case tooLarge(path: String, bytes: Int)
    /// The list's file is read-only.
    case readOnly(path: String)
    case unwritable(path: String, reason: String)
    /// A title names several feeds.
    case ambiguous(name: String, urls: [String])
    case notFound(String)
    case duplicate(String)
    /// The URL is a web page that links to several feeds; choose one.
    case severalFeeds(page: String, feeds: [DiscoveredFeed])
    /// The URL is neither a feed nor a page that links to one.
    case noFeed(url: String, reason: String)
    /// Fetching the URL to check it failed.
    case fetchFailed(url: String, reason: String)
    /// The file to import cannot be read.
    case importUnreadable(path: String, reason: String)
    /// The file to import is neither OPML nor a newsboat `urls` file; `problem` names the first bad line.
    case importMalformed(path: String, problem: String)
    /// The query feeds of an import could not be added to the config file; nothing was imported.
    case configUnwritable(path: String, reason: String)
    /// The lock every writer of the list takes (`FeedListLock`) could not be taken.
    case lockFailed(path: String, reason: String)
    /// The list is missing while the database holds `feeds` feeds: creating it would put them all out of scope.
    case listMissing(path: String, feeds: Int)
    /// `feeds prune` refuses: the list is missing (`missing`), names no feed, or every stored feed would go.
    case pruneRefused(path: String, reason: String, missing: Bool)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the feed list \(path): \(reason)"
        case let .malformed(path, problem, backup):
            SubscriptionsError.describe(path: path, problem: problem, backup: backup)
        case let .tooLarge(path, bytes):
            "the feed list \(path) is \(bytes >> 20) MB, more than a feed list can be (\(SubscriptionsFile.sizeLimit >> 20) MB); "
                + "nothing was changed: check --feeds names your feed list"
        case let .readOnly(path):
            "the feed list \(path) is read-only; nothing was changed: make it writable (chmod u+w) to change the list"
        case let .unwritable(path, reason):
            "cannot write the feed list \(path): \(reason); nothing was changed"
        case let .ambiguous(name, urls): "\"\(name)\" names several feeds: \(urls.joined(separator: ", "))"
        case let .notFound(name): "no feed \(name) in the feed list"
        case let .duplicate(url): "feed already in the list: \(url)"
        case let .severalFeeds(page, feeds):
            "\(page) links to several feeds; add one of them:\n"
                + feeds.map { "  \($0.url)" + ($0.title.map { "  (\($0))" } ?? "") }.joined(separator: "\n")
        case let .noFeed(url, reason):
            "\(url) is not a feed (\(reason)) and links to none; give the feed's own URL"
        case let .fetchFailed(url, reason):
            "cannot fetch \(url): \(reason); check the URL, or add it unchecked with `tidings feeds add --no-check`"
        case let .importUnreadable(path, reason): "cannot import \(path): \(reason)"
        case let .importMalformed(path, problem): "cannot import \(path): \(problem); nothing was imported"
        case let .configUnwritable(path, reason):
            "cannot add the imported query feeds to the config file \(path): \(reason); nothing was imported"
        case let .lockFailed(path, reason):
            "cannot lock the feed list with \(path): \(reason); nothing was changed: check that the list's folder is writable"
        case let .listMissing(path, feeds):
            "the feed list \(path) is missing and the database holds \(feeds) feed\(feeds == 1 ? "" : "s"); nothing was changed: "
                + "recreate the list with \(SubscriptionsError.recreateCommand(path)), or add --new-list to start a list without them"
        case let .pruneRefused(path, reason, missing):
            "feeds prune refused: the feed list \(path) \(reason); nothing was deleted"
                + (missing ? ": recreate the list with \(SubscriptionsError.recreateCommand(path))" : "")
        }
    }

    /// The shell command that writes every stored feed to a new list at `path` (through a second file:
    /// a redirection straight onto the list would empty it before the export reads it).
    static func recreateCommand(_ path: String) -> String {
        "`tidings feeds export --all > \(path).new && mv \(path).new \(path)`"
    }

    private static func describe(path: String, problem: OPMLError, backup: String?) -> String {
        let previous = backup.map { " (the previous version is \($0))" } ?? ""
        switch problem {
        case .empty:
            return "the feed list \(path) is empty; nothing was changed: restore it\(previous) or delete it to start a new list"
        case .notOPML(let root):
            return "the feed list \(path) is not OPML (its root element is <\(root)>); nothing was changed: "
                + "give --feeds your OPML feed list\(previous)"
        case .malformed:
            return "the feed list \(path) is not valid OPML: \(problem); nothing was changed: "
                + "fix it by hand\(backup.map { " or go back to the previous version, \($0)" } ?? ""), then run the command again"
        }
    }

    /// The exit status for the command line.
    public var exitStatus: ExitStatus {
        switch self {
        case .unreadable, .importUnreadable: .noInput
        case .malformed, .tooLarge, .noFeed, .importMalformed: .dataError
        case .unwritable, .readOnly, .configUnwritable, .lockFailed: .cannotCreate
        case .listMissing: .noInput
        case .pruneRefused(_, _, let missing): missing ? .noInput : .dataError
        case .ambiguous, .notFound, .duplicate, .severalFeeds: .partialFailure
        case .fetchFailed: .partialFailure
        }
    }
}
