/// What an export did.
public struct ExportSummary: Sendable, Hashable {
    /// Articles written.
    public let exported: Int
    /// Bytes written.
    public let bytes: Int
    /// False when the reader of standard output went away before everything was written (the
    /// state was then not advanced).
    public let complete: Bool
}
