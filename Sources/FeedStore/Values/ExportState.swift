import Foundation

/// A named export's progress (`tidings export --new --state NAME`).
package struct ExportState: Sendable, Hashable {
    package let name: String
    package let createdAt: Date
    package let lastExportAt: Date?
    /// Articles this state has recorded as exported (and still in the store).
    package let exportedCount: Int
}
