import FeedStore

/// Why the files a command works on could not be opened.
public enum EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A folder for the database or the feed list cannot be created.
    case cannotCreateFolder(path: String, reason: String)
    /// A directory is where the database file should be.
    case databaseIsDirectory(path: String)
    /// The database cannot be opened.
    case database(path: String, failure: DatabaseFailure)
    /// The database's schema could not be upgraded (or its copy kept first); it was left as it was.
    case upgrade(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotCreateFolder(path, reason):
            "cannot create the folder \(path): \(reason); check the --db and --feeds paths"
        case let .databaseIsDirectory(path):
            "the database \(path) is a directory; give --db a file (it is created when missing)"
        case let .database(path, failure):
            "cannot open the database \(path): \(failure.reason)\(CommandFailure.advice(failure.kind))"
        case let .upgrade(path, reason):
            "cannot open the database \(path): \(reason)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .cannotCreateFolder: .cannotCreate
        case .databaseIsDirectory: .noInput
        case .database(_, let failure): failure.kind == .corrupt ? .dataError : .cannotCreate
        case .upgrade: .cannotCreate
        }
    }
}
