import FeedStore

/// Why the files a command works on could not be opened.
public enum EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A folder for the database or the feed list cannot be created.
    case cannotCreateFolder(path: String, reason: String)
    /// A directory is where the database file should be.
    case databaseIsDirectory(path: String)
    /// The database or one of SQLite's files beside it (`role`: "its write-ahead log") exists and is
    /// not a regular file (`kind`: "a FIFO").
    case notAFile(path: String, role: String, kind: String)
    /// The database cannot be opened.
    case database(path: String, failure: DatabaseFailure)
    /// The database cannot be opened or written because of `reason`, found once SQLite failed (a
    /// companion file left by another user).
    case databaseUnwritable(path: String, reason: String)
    /// The database's schema could not be upgraded (or its copy kept first); it was left as it was.
    case upgrade(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotCreateFolder(path, reason):
            "cannot create the folder \(path): \(reason); check the --db and --feeds paths"
        case let .databaseIsDirectory(path):
            "the database \(path) is a directory; give --db a file (it is created when missing)"
        case let .notAFile(path, role, kind) where role == "the database":
            "the database \(path) is \(kind), not a database; give --db a file (it is created when missing)"
        case let .notAFile(path, role, kind):
            "cannot open the database: \(role) \(path) is \(kind), not a file SQLite made; remove it"
        case let .databaseUnwritable(path, reason):
            "cannot open the database \(path): \(reason)"
        case let .database(path, failure):
            "cannot open the database \(path): \(failure.reason)\(CommandFailure.advice(failure.kind))"
        case let .upgrade(path, reason):
            "cannot open the database \(path): \(reason)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .cannotCreateFolder: .cannotCreate
        case .databaseIsDirectory, .notAFile: .noInput
        case .databaseUnwritable: .cannotCreate
        case .database(_, let failure): failure.kind == .corrupt ? .dataError : .cannotCreate
        case .upgrade: .cannotCreate
        }
    }
}
