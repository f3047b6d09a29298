import Foundation
import TidingsText

/// What `tidings feeds edit` changes in a feed; nil leaves the value as the feed list has it.
public struct FeedEdit: Sendable, Hashable {
    /// The title to show; empty: the feed's own.
    public var title: String?
    /// Every tag (the first is the OPML folder).
    public var tags: [String]?
    /// The folder the feed moves to, in place of the one it sits in; empty: none.
    public var folder: String?
    /// Seconds between refreshes; `.some(nil)`: automatic.
    public var refreshInterval: TimeInterval??

    public init(title: String? = nil, tags: [String]? = nil, folder: String? = nil, refreshInterval: TimeInterval?? = nil) {
        self.title = title
        self.tags = tags
        self.folder = folder
        self.refreshInterval = refreshInterval
    }

    /// Sets the interval from text as the reader's `e` reads it (`30m`, `6h`, `1d`; a bare number is
    /// minutes; empty or `auto`: automatic). False, nothing set, when it is no interval.
    public mutating func setInterval(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "auto" {
            refreshInterval = .some(nil)
            return true
        }
        guard let seconds = DurationText.parse(trimmed, bareNumberUnit: 60), seconds > 0 else { return false }
        refreshInterval = seconds
        return true
    }

    /// Whether `text` is an interval `setInterval` takes.
    public func settingInterval(_ text: String) -> Bool {
        var copy = self
        return copy.setInterval(text)
    }

    /// True when nothing would change.
    public var isEmpty: Bool { title == nil && tags == nil && folder == nil && refreshInterval == nil }
}
