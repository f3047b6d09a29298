import Foundation

/// A named export's progress (`tidings export --new --state NAME`).
public struct ExportState: Sendable, Hashable {
    public let name: String
    public let createdAt: Date
    public let lastExportAt: Date?
    /// Articles this state has recorded as exported (and still in the store).
    public let exportedCount: Int
}
