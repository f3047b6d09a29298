import FeedExport
import FeedModel
import FeedStore
import Foundation

/// The one place where an error becomes what the user reads and the exit status the shell sees: one
/// line naming the file or feed concerned and what to do, in plain words (no framework error domains,
/// no SQL), and a sysexits-style status. Every command of `tidings` reports its failures through it.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    /// The message, without the `tidings: ` prefix; may hold several lines only for lists (the feeds a
    /// page links to). Print it through `ConsoleText`.
    public let message: String
    public let status: ExitStatus

    public init(message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    /// The failure for `error`; `database` names the database file in database errors.
    public init(_ error: any Error, database: String? = nil) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let error as SubscriptionsError: self.init(message: error.description, status: error.exitStatus)
        case let error as ExportError: self.init(message: error.description, status: error.exitStatus)
        case let error as RefreshError: self.init(message: error.description, status: error.exitStatus)
        case let error as DownloadsError: self.init(message: error.description, status: error.exitStatus)
        case let error as ReaderError: self.init(message: error.description, status: error.exitStatus)
        case let error as EnvironmentError: self.init(message: error.description, status: error.exitStatus)
        case let error as ConfigError: self.init(message: error.description, status: error.status)
        case let error as FeedParseError: self.init(message: error.description, status: .dataError)
        case let error as FeedStoreError:
            if case .invalidURL = error {
                self.init(message: error.description, status: .dataError)
            } else {
                self.init(message: error.description, status: .partialFailure)
            }
        default:
            if let budget = RegexBudgetError(error) {
                self.init(message: "query: \(budget.description)", status: .usage)
            } else if let failure = DatabaseFailure(error) {
                let name = database.map { "the database \($0)" } ?? "the database"
                if failure.kind == .cannotOpen, let database, let reason = DatabaseFiles(database: database).unwritableReason() {
                    self.init(message: "\(name): \(reason)", status: .cannotCreate)
                    return
                }
                self.init(message: "\(name): \(failure.reason)\(Self.advice(failure.kind))", status: Self.status(failure.kind))
            } else {
                self.init(message: Self.systemReason(error), status: .ioError)
            }
        }
    }

    public var description: String { message }

    static func status(_ kind: DatabaseFailure.Kind) -> ExitStatus {
        switch kind {
        case .cannotOpen: .cannotCreate
        case .io, .other: .ioError
        case .corrupt: .dataError
        case .busy: .temporaryFailure
        }
    }

    static func advice(_ kind: DatabaseFailure.Kind) -> String {
        switch kind {
        case .cannotOpen: "; check that the file and its folder are writable"
        case .io: "; check the disk (free space, errors)"
        case .corrupt: "; give --db a Tidings database"
        case .busy: "; another program holds it, try again later"
        case .other: ""
        }
    }

    /// The system's words for a Foundation or POSIX error (`Permission denied`), else the error as
    /// Swift prints it.
    static func systemReason(_ error: any Error, namingPath: Bool = true) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSCocoaErrorDomain {
            if namingPath, let path = nsError.userInfo[NSFilePathErrorKey] as? String {
                return "\(path): \(cocoaReason(nsError.code))"
            }
            return cocoaReason(nsError.code)
        }
        return "\(error)"
    }

    private static func cocoaReason(_ code: Int) -> String {
        switch CocoaError.Code(rawValue: code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
        case .fileWriteOutOfSpace: "no space left on the device"
        case .fileWriteVolumeReadOnly: "read-only file system"
        case .fileWriteFileExists: "the file already exists"
        default: "the operation failed"
        }
    }
}
