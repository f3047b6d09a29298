import Foundation

/// Elements whose value is in their attributes: links, enclosures, media and iTunes categories.
extension FeedBuilder {
    /// The `href` of a link. An empty one is no link when it would resolve to the address the
    /// document came from (feeds write `href=""` for a link they do not have); under an `xml:base`
    /// the document sets itself, it means that base, as RFC 3986 resolves it.
    func href(_ attributes: XMLAttributes) -> String? {
        guard let href = attributes.value("href") else { return nil }
        if let value = FieldValue.nonEmpty(href) { return value }
        guard let base = frames.last?.base, base != documentBase else { return nil }
        return base
    }

    /// iTunes categories (nested ones too) become the feed's categories, or an entry's tags in one.
    mutating func itunesCategory(_ attributes: XMLAttributes, _ depth: Int) {
        if let text = FieldValue.nonEmpty(attributes.value("text")) {
            if inItem {
                if !item.article.categories.contains(where: { $0.term == text }) { appendCategory(Category(term: text)) }
            } else if !state.feed.categories.contains(text) {
                state.feed.categories.append(text)
            }
        }
        open(.itunesCategory, depth)
    }

    mutating func feedLink(_ attributes: XMLAttributes) {
        guard let href = href(attributes) else { return }
        let rel = attributes.value("rel")?.lowercased() ?? "alternate"
        let url = Self.resolved(frames, href)
        switch rel {
        case "self":
            if state.feed.feedURL == nil { state.feed.feedURL = url }
        case "alternate":
            let isHTML = attributes.value("type", contains: "html") ?? true
            if state.feed.homePageURL == nil || (isHTML && !state.alternateIsHTML && state.feed.format != .rss20) {
                if state.feed.homePageURL == nil || state.feed.format == .atom10 || state.feed.format == .atom03 {
                    state.feed.homePageURL = url
                    state.alternateIsHTML = isHTML
                }
            }
        default:
            break
        }
    }

    mutating func itemLink(_ attributes: XMLAttributes) {
        guard let href = href(attributes), inItem else { return }
        let rel = attributes.value("rel")?.lowercased() ?? "alternate"
        let url = Self.resolved(frames, href)
        if item.firstLink == nil { item.firstLink = url }
        switch rel {
        case "alternate":
            let isHTML = attributes.value("type", contains: "html") ?? true
            if item.alternateLink == nil || (isHTML && item.alternateIsHTML == false) {
                item.alternateLink = url
                item.alternateIsHTML = isHTML
            }
        case "related":
            if item.article.externalURL == nil { item.article.externalURL = url }
        case "enclosure":
            item.article.attachments.append(
                Enclosure(
                    url: url, mimeType: FieldValue.nonEmpty(attributes.value("type")), title: FieldValue.nonEmpty(attributes.value("title")),
                    sizeInBytes: attributes.value("length").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }))
        case "replies":
            if item.article.comments == nil, attributes.value("type", contains: "html") == true {
                item.article.comments = url
            }
        default:
            break
        }
    }

    mutating func sourceLink(_ attributes: XMLAttributes) {
        guard let href = FieldValue.nonEmpty(attributes.value("href")) else { return }
        let rel = attributes.value("rel")?.lowercased() ?? "alternate"
        if rel == "self" || item.source.url == nil { item.source.url = Self.resolved(frames, href) }
    }

    mutating func media(_ tag: FeedTag, _ attributes: XMLAttributes) {
        guard inItem, let raw = FieldValue.nonEmpty(attributes.value("url")) else { return }
        let url = Self.resolved(frames, raw)
        if tag == .mediaThumbnail {
            if item.mediaThumbnail == nil { item.mediaThumbnail = url }
            return
        }
        let type = FieldValue.nonEmpty(attributes.value("type"))
        let medium = attributes.value("medium")?.lowercased()
        if medium == "image" || type?.hasPrefix("image/") == true {
            if item.mediaImage == nil { item.mediaImage = url }
            return
        }
        if item.article.attachments.contains(where: { $0.url == url }) == true { return }
        item.article.attachments.append(
            Enclosure(
                url: url, mimeType: type,
                sizeInBytes: attributes.value("fileSize").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil },
                durationInSeconds: attributes.value("duration").flatMap { Double($0) }))
    }
}
