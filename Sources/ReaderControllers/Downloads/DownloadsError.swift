/// Why a downloads command could not do its job, in one line, with its exit status.
public enum DownloadsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another `downloads run` holds the lock.
    case running(lock: String)
    /// An article id given on the command line is not in the database.
    case unknownArticle(Int64)
    /// A queue id given to cancel or retry is not in the queue.
    case unknownEntry(Int64)
    /// The download folder cannot be created or is not a folder.
    case folder(path: String, reason: String)

    public var description: String {
        switch self {
        case .running(let lock): "another 'tidings downloads run' is running (lock \(lock)); try later"
        case .unknownArticle(let id): "no article with id \(id); 'tidings export --format json' shows the ids"
        case .unknownEntry(let id): "no download with id \(id) in the queue; 'tidings downloads' lists them"
        case .folder(let path, let reason): "the download folder \(path) cannot be used: \(reason); set download_path in the config"
        }
    }

    /// 75 another run holds the lock; 2 an unknown id; 73 an unusable download folder.
    public var exitStatus: ExitStatus {
        switch self {
        case .running: .temporaryFailure
        case .unknownArticle, .unknownEntry: .usage
        case .folder: .cannotCreate
        }
    }
}
