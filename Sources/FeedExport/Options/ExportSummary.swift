/// What an export did.
public struct ExportSummary: Sendable, Hashable {
    /// Articles written.
    public let exported: Int
    /// Bytes written.
    public let bytes: Int
    /// False when the reader of standard output went away before everything was written (the
    /// state was then not advanced).
    public let complete: Bool
    /// True when this `--new` run created its state (it did not exist before): the caller may point
    /// out `--from-now` when a first run wrote a whole backlog.
    public var startedState = false
    /// Articles recorded as exported without being written (`--from-now` starting a state).
    public var countedAsExported = 0

    public init(exported: Int, bytes: Int, complete: Bool, startedState: Bool = false, countedAsExported: Int = 0) {
        self.exported = exported
        self.bytes = bytes
        self.complete = complete
        self.startedState = startedState
        self.countedAsExported = countedAsExported
    }
}
