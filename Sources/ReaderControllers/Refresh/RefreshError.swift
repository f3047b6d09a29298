/// Why a refresh could not run at all.
public enum RefreshError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another refresh holds the lock file at `path`.
    case locked(path: String)
    /// A feed named on the command line is not in the feed list.
    case unknownFeed(String)
    /// The lock file cannot be opened or locked.
    case lockFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .locked(let path): "another refresh is running (lock \(path)); try later or use --wait"
        case .unknownFeed(let name): "no feed named \(name) in the feed list"
        case .lockFailed(let path, let reason): "cannot lock \(path): \(reason)"
        }
    }

    /// The exit status for the command line: 75 locked, 2 unknown feed (usage), 73 lock file unusable.
    public var exitStatus: ExitStatus {
        switch self {
        case .locked: .temporaryFailure
        case .unknownFeed: .usage
        case .lockFailed: .cannotCreate
        }
    }
}
