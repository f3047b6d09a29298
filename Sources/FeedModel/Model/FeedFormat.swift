/// The syndication format and version a document was written in, detected from the document itself.
public enum FeedFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case rss090 = "rss0.90"
    case rss091 = "rss0.91"
    case rss092 = "rss0.92"
    case rss093 = "rss0.93"
    case rss094 = "rss0.94"
    case rss20 = "rss2.0"
    case rss10 = "rss1.0"
    case atom03 = "atom0.3"
    case atom10 = "atom1.0"
    case jsonFeed10 = "jsonfeed1.0"
    case jsonFeed11 = "jsonfeed1.1"
}
