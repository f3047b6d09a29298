import FeedExport

extension ExportError {
    /// The process exit status for this error (sysexits.h).
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotCreate: return .cannotCreate
        case .writeFailed: return .ioError
        case .unknownFeed: return .usage
        case .templateUnreadable: return .noInput
        case .templateInvalid: return .dataError
        case .invalidQuery: return .usage
        }
    }
}
