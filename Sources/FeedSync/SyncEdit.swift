/// One local change to send to the service: an item marked read or unread, starred or unstarred.
public struct SyncEdit: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable, CaseIterable {
        case read, unread, star, unstar

        /// Read and unread undo each other, as do star and unstar.
        var isReadState: Bool { self == .read || self == .unread }
    }

    public var itemID: SyncItemID
    public var action: Action

    public init(itemID: SyncItemID, action: Action) {
        self.itemID = itemID
        self.action = action
    }

    /// `edits` with only the last edit of each item's read state and of its star, in their order:
    /// sending an earlier one as well would only repeat or undo itself.
    static func lastOfEach(_ edits: [SyncEdit]) -> [SyncEdit] {
        var seen = Set<String>()
        var kept: [SyncEdit] = []
        for edit in edits.reversed() where seen.insert("\(edit.itemID.value)/\(edit.action.isReadState)").inserted {
            kept.append(edit)
        }
        return kept.reversed()
    }

    /// The edits of `edits` that `confirmed` (sent from `lastOfEach(edits)`) settles: each confirmed
    /// edit and the earlier ones of the same item and kind that it superseded.
    static func settled(by confirmed: [SyncEdit], in edits: [SyncEdit]) -> [SyncEdit] {
        let keys = Set(confirmed.map { "\($0.itemID.value)/\($0.action.isReadState)" })
        return edits.filter { keys.contains("\($0.itemID.value)/\($0.action.isReadState)") }
    }
}

/// How far `FeedService.send` got: the edits the service confirmed (an outbox drops exactly these) and
/// the error that stopped the rest, if any. Edits another edit in the same call superseded count as
/// confirmed once that one is.
public struct SyncSendOutcome: Sendable, Hashable {
    public var confirmed: [SyncEdit]
    public var error: SyncError?

    public init(confirmed: [SyncEdit], error: SyncError?) {
        self.confirmed = confirmed
        self.error = error
    }
}
