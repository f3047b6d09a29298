import CLibXML2

/// What an element's `class` and `id` say about it: words that mark an article's body, words that
/// mark the page's furniture around it (navigation, comments, share bars, advertising).
enum ClassWeight {
    /// Names that mark content.
    private static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog",
        "story", "prose",
    ]

    /// Names that mark furniture.
    private static let negative = [
        "-ad-", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media", "meta",
        "outbrain", "taboola", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper",
        "sponsor", "shopping", "tags", "widget", "social", "cookie", "newsletter", "subscribe", "nav",
    ]

    /// Names of elements that are furniture unless a content name is there too: removed before
    /// scoring (on the first try).
    private static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumb", "combx", "comment", "community", "cover-wrap", "disqus",
        "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
        "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
        "pagination", "pager", "popup", "yom-remote", "cookie", "consent", "newsletter",
    ]

    /// Names that save an unlikely-looking element.
    private static let maybe = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]

    /// ARIA roles of furniture.
    private static let furnitureRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]

    /// +25 per attribute (class, id) naming content, -25 per attribute naming furniture.
    static func weight(_ node: xmlNodePtr) -> Double {
        var weight = isMarkedBody(node) ? 25.0 : 0
        for value in [node.attribute("class"), node.attribute("id")] {
            guard let value, !value.isEmpty else { continue }
            let lower = value.lowercased()
            if negative.contains(where: lower.contains) { weight -= 25 }
            if positive.contains(where: lower.contains) { weight += 25 }
        }
        return weight
    }

    /// Whether schema.org microdata marks the element as the article's body.
    static func isMarkedBody(_ node: xmlNodePtr) -> Bool {
        node.attribute("itemprop")?.lowercased().contains("articlebody") == true
    }

    /// Whether the element looks like furniture by its class, id or role.
    static func isUnlikely(_ node: xmlNodePtr) -> Bool {
        if isMarkedBody(node) { return false }
        if let role = node.attribute("role")?.lowercased(), furnitureRoles.contains(role) { return true }
        let names = ((node.attribute("class") ?? "") + " " + (node.attribute("id") ?? "")).lowercased()
        guard names.count > 1 else { return false }
        return unlikely.contains(where: names.contains) && !maybe.contains(where: names.contains)
    }

    /// Whether the class or id names a byline.
    static func isByline(_ node: xmlNodePtr) -> Bool {
        if node.attribute("rel")?.lowercased() == "author" { return true }
        if let itemprop = node.attribute("itemprop")?.lowercased(), itemprop.contains("author") { return true }
        let names = ((node.attribute("class") ?? "") + " " + (node.attribute("id") ?? "")).lowercased()
        return ["byline", "author", "dateline", "writtenby", "p-author"].contains(where: names.contains)
    }

    /// Whether the class or id names a share or social bar.
    static func isShareBar(_ node: xmlNodePtr) -> Bool {
        let names = ((node.attribute("class") ?? "") + " " + (node.attribute("id") ?? "")).lowercased()
        return names.contains("share") || names.contains("social")
    }
}
