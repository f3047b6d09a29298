import Foundation

/// Text escaped for an XML attribute or element.
public func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: "\"", with: "&quot;")
}

/// An RSS 2.0 document with the given items (guid, title), for the mutable routes of the server.
public func rssDocument(title: String, items: [(guid: String, title: String)]) -> String {
    var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>\(xmlEscaped(title))</title>"
        + "<link>http://127.0.0.1/</link><description>test</description>"
    for (index, item) in items.enumerated() {
        text += "<item><guid>\(xmlEscaped(item.guid))</guid><title>\(xmlEscaped(item.title))</title>"
            + "<link>http://127.0.0.1/\(xmlEscaped(item.guid))</link>"
            + "<pubDate>Sat, 21 Nov 2026 10:\(String(format: "%02d", index % 60)):00 GMT</pubDate>"
            + "<description>Body of \(xmlEscaped(item.title))</description></item>"
    }
    return text + "</channel></rss>\n"
}

/// OPML feed lists for tests.
public enum FeedListText {
    /// One outline per feed, in the folder named by its tag when it has one.
    public static func opml(_ feeds: [(url: String, title: String?, tag: String?)]) -> String {
        var body = ""
        for feed in feeds {
            let title = feed.title.map { " title=\"\(xmlEscaped($0))\"" } ?? ""
            let outline = "<outline type=\"rss\" text=\"\(xmlEscaped(feed.title ?? feed.url))\"\(title) xmlUrl=\"\(xmlEscaped(feed.url))\"/>\n"
            if let tag = feed.tag { body += "<outline text=\"\(xmlEscaped(tag))\">\(outline)</outline>\n" } else { body += outline }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\"><head><title>Test</title></head><body>\n\(body)</body></opml>\n"
    }
}

/// One item of `rssDocument(title:link:items:)`.
public struct RSSTestItem: Sendable {
    public let title: String
    public let link: String
    public let guid: String
    public let published: Date
    /// HTML, sent as CDATA.
    public let body: String

    public init(title: String, link: String, guid: String, published: Date, body: String) {
        self.title = title
        self.link = link
        self.guid = guid
        self.published = published
        self.body = body
    }
}

/// An RSS 2.0 document whose items carry a link, a guid that is no permalink, a date and an HTML body.
public func rssDocument(title: String, link: String, items: [RSSTestItem]) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
    let entries = items.map { item in
        "<item><title>\(item.title)</title><link>\(item.link)</link><guid isPermaLink=\"false\">\(item.guid)</guid>"
            + "<pubDate>\(formatter.string(from: item.published))</pubDate>"
            + "<description><![CDATA[\(item.body)]]></description></item>"
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>\(title)</title>"
        + "<link>\(link)</link><description>test</description>\n" + entries.joined(separator: "\n") + "\n</channel></rss>\n"
}
