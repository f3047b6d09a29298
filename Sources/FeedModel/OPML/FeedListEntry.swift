import Foundation
import TidingsText

/// One feed of the user's feed list, as read from an OPML outline or a newsboat `urls` line.
public struct FeedListEntry: Sendable, Hashable {
    /// The feed's address (`xmlUrl`).
    public var url: String
    public var title: String?
    /// The outline's `text` (OPML requires it; readers often put the title there).
    public var text: String?
    /// The site's address (`htmlUrl`).
    public var htmlUrl: String?
    /// The outline `type`, usually "rss".
    public var type: String?
    /// The names of the folders the feed sits in (outermost first), then its `category` entries.
    public var tags: [String]
    /// The path of folders the feed sits in, outermost first (empty at the top level); for a URL
    /// listed in several places, the path of its first place.
    public var folders: [String]
    /// Every attribute of the outline, in document order, so that unknown ones survive a rewrite.
    public var attributes: [FeedListAttribute]
    /// How often the user wants the feed refreshed, from `tidings:refresh` or `refreshInterval`
    /// (`30m`, `6h`, `1d`, `90s`; a bare number means minutes).
    public var refreshInterval: TimeInterval?
    /// Whether a refresh fetches each new article's page for its full text: `tidings:full-text="true"`
    /// on the feed's outline or on a folder it sits in (a feed's own "false" wins over its folder's).
    public var fullText = false
    /// Whether a refresh queues the feed's new episodes for download: `tidings:auto-download="true"` on
    /// the feed's outline or a folder it sits in (the nearest outline that says wins).
    public var autoDownload = false
    /// How many of the newest episodes auto-download keeps: `tidings:keep` (the nearest outline that
    /// says wins); nil: `AutoDownload`'s default.
    public var keep: Int?

    public init(
        url: String, title: String? = nil, text: String? = nil, htmlUrl: String? = nil, type: String? = nil,
        tags: [String] = [], folders: [String] = [], attributes: [FeedListAttribute] = [],
        refreshInterval: TimeInterval? = nil
    ) {
        self.url = url
        self.title = title
        self.text = text
        self.htmlUrl = htmlUrl
        self.type = type
        self.tags = tags
        self.folders = folders
        self.attributes = attributes
        self.refreshInterval = refreshInterval
    }

    /// The name to show: the title, else the text, else the URL.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        if let text, !text.isEmpty { return text }
        return url
    }

    /// The value of an attribute by exact (qualified) name.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// One attribute of an OPML element: its qualified name as written (`xmlUrl`, `tidings:refresh`) and
/// its value.
public struct FeedListAttribute: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The refresh-interval notation of feed lists: `DurationText`, where a bare number means minutes.
enum FeedListInterval {
    /// Seconds for `90s`, `30m`, `6h`, `1d`, `2w`, `1d12h` or a bare number of minutes; `nil` when
    /// unreadable or not positive.
    static func parse(_ text: String) -> TimeInterval? {
        guard let seconds = DurationText.parse(text, bareNumberUnit: 60), seconds > 0 else { return nil }
        return seconds
    }

    /// The shortest notation for `seconds` that `parse` reads back.
    static func format(_ seconds: TimeInterval) -> String {
        DurationText.format(seconds)
    }
}
