import CLibXML2
import FeedHTML

/// Finds the feeds a web page announces: `<link rel="alternate">` elements whose type is RSS, Atom,
/// RDF or JSON Feed, with their `href` resolved against the page's `<base href>` and address.
///
/// Uses libxml2's HTML parser in recover mode with no network access; hostile or broken pages yield
/// what can be read. Stateless and thread-safe.
public enum FeedDiscovery {
    /// The feeds `html` links to, in document order, without repeats.
    public static func discover(html: [UInt8], baseURL: String?) -> [DiscoveredFeed] {
        guard !html.isEmpty, html.count < Int(Int32.max) else { return [] }
        LibXMLErrorSilencer.silenceThisThread()
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue)
        let document = html.withUnsafeBufferPointer { buffer -> htmlDocPtr? in
            guard let base = buffer.baseAddress else { return nil }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), nil, nil, options)
            }
        }
        guard let document else { return [] }
        defer { xmlFreeDoc(document) }

        var base = baseURL
        var found: [DiscoveredFeed] = []
        var node = xmlDocGetRootElement(document)
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = String(cString: current.pointee.name).lowercased()
                if name == "base", let href = attribute(current, "href"), !href.isEmpty {
                    base = URLResolver.resolve(href, against: base)
                } else if name == "link", let feed = feedLink(current, base: base),
                    !found.contains(where: { $0.url == feed.url })
                {
                    found.append(feed)
                }
            }
            node = nextNode(after: current)
        }
        return found
    }

    /// The media types that announce a feed, lower-case.
    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json",
        "application/json", "application/x.atom+xml", "application/x-atom+xml", "application/x-rss+xml",
        "text/xml", "application/xml",
    ]

    private static func feedLink(_ node: xmlNodePtr, base: String?) -> DiscoveredFeed? {
        guard let rel = attribute(node, "rel")?.lowercased(),
            rel.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains("alternate"),
            let type = attribute(node, "type")?.split(separator: ";").first?
                .trimmingCharacters(in: .whitespaces).lowercased(),
            feedTypes.contains(type),
            let href = attribute(node, "href")?.trimmingCharacters(in: .whitespacesAndNewlines), !href.isEmpty
        else { return nil }
        let url = URLResolver.resolve(href, against: base)
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file:") else {
            return nil
        }
        let title = attribute(node, "title")?.trimmingCharacters(in: .whitespacesAndNewlines)
        return DiscoveredFeed(url: url, title: title?.isEmpty == false ? title : nil, type: type)
    }

    /// The value of the attribute `name` (lower-case; HTML names are case-insensitive), read from the
    /// attribute's text children so that no libxml2 allocation has to be freed.
    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        var property = node.pointee.properties
        while let attribute = property {
            if let attributeName = attribute.pointee.name, String(cString: attributeName).lowercased() == name {
                var value = ""
                var child = attribute.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                return value
            }
            property = attribute.pointee.next
        }
        return nil
    }

    /// Depth-first document order without recursion.
    private static func nextNode(after node: xmlNodePtr) -> xmlNodePtr? {
        if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children { return child }
        var cursor: xmlNodePtr? = node
        while let current = cursor {
            if let next = current.pointee.next { return next }
            cursor = current.pointee.parent
            if let parent = cursor, parent.pointee.type != XML_ELEMENT_NODE { return nil }
        }
        return nil
    }
}

/// A feed a web page links to.
public struct DiscoveredFeed: Sendable, Hashable {
    /// The feed's absolute address.
    public var url: String
    /// The link's `title`, when it has one.
    public var title: String?
    /// The announced media type, lower-case, without parameters.
    public var type: String
}
