import GRDB

/// A database failure in words a user can act on: SQLite's message for what went wrong (`unable to
/// open database file`, `database or disk is full`), without the SQL statement that met it, and what
/// kind of failure it is.
public struct DatabaseFailure: Sendable, Hashable {
    /// What kind of failure this is, for the exit status and the advice.
    public enum Kind: Sendable, Hashable {
        /// The file or its folder cannot be opened, created or written (permissions, a read-only disk).
        case cannotOpen
        /// The disk is full or an I/O error happened.
        case io
        /// The file is not a database, or is damaged.
        case corrupt
        /// Another process keeps the database locked for too long.
        case busy
        case other
    }

    public let kind: Kind
    public let reason: String

    /// The failure `error` is, or `nil` when it is not a database error.
    public init?(_ error: any Error) {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: kind = .cannotOpen
        case .SQLITE_FULL, .SQLITE_IOERR: kind = .io
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: kind = .corrupt
        case .SQLITE_BUSY, .SQLITE_LOCKED: kind = .busy
        default: kind = .other
        }
        reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
    }
}
