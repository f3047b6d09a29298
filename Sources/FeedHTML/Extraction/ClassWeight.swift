import CLibXML2

/// What an element's `class` and `id` say about it: words that mark an article's body, words that
/// mark the page's furniture around it (navigation, comments, share bars, advertising).
///
/// Names are matched as lower-case ASCII bytes, since every element of a page is looked at.
enum ClassWeight {
    /// Names that mark content.
    private static let positive = keys(
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog", "story",
        "prose")

    /// Names that mark furniture.
    private static let negative = keys(
        "-ad-", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media", "meta",
        "outbrain", "taboola", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "widget", "social", "cookie", "newsletter", "subscribe", "nav", "popular", "trending",
        "recommend")

    /// Names of elements that are furniture unless a content name is there too: removed before
    /// scoring (on the first try).
    private static let unlikely = keys(
        "-ad-", "ai2html", "banner", "breadcrumb", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote")

    /// Names of furniture that no content name saves ("article-newsletter", "content-recommendations").
    private static let furniture = keys(
        "popular", "trending", "most-read", "mostread", "newsletter", "cookie", "consent", "disqus")

    /// Names that save an unlikely-looking element.
    private static let maybe = keys("and", "article", "body", "column", "content", "main", "mathjax", "shadow")

    /// ARIA roles of furniture.
    private static let furnitureRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]

    /// +25 per attribute (class, id) naming content, -25 per attribute naming furniture.
    static func weight(_ node: xmlNodePtr) -> Double {
        var weight = isMarkedBody(node) ? 25.0 : 0
        for name in ["class", "id"] as [StaticString] {
            guard let value = lowerCase(node, name), !value.isEmpty else { continue }
            if matches(value, negative) { weight -= 25 }
            if matches(value, positive) { weight += 25 }
        }
        return weight
    }

    /// Whether schema.org microdata marks the element as the article's body.
    static func isMarkedBody(_ node: xmlNodePtr) -> Bool {
        node.attribute("itemprop")?.lowercased().contains("articlebody") == true
    }

    /// Whether the element looks like furniture by its class, id or role.
    static func isUnlikely(_ node: xmlNodePtr) -> Bool {
        if let role = node.attribute("role")?.lowercased(), furnitureRoles.contains(role) { return true }
        let names = (lowerCase(node, "class") ?? []) + [0x20] + (lowerCase(node, "id") ?? [])
        guard names.count > 2, !isMarkedBody(node) else { return false }
        if matches(names, furniture) { return true }
        return matches(names, unlikely) && !matches(names, maybe)
    }

    /// Whether the class or id names a byline.
    static func isByline(_ node: xmlNodePtr) -> Bool {
        if node.attribute("rel")?.lowercased() == "author" { return true }
        if let itemprop = node.attribute("itemprop")?.lowercased(), itemprop.contains("author") { return true }
        let names = (lowerCase(node, "class") ?? []) + [0x20] + (lowerCase(node, "id") ?? [])
        return matches(names, bylines)
    }

    private static let bylines = keys("byline", "author", "dateline", "writtenby", "p-author")

    /// Whether the class or id names a share or social bar.
    static func isShareBar(_ node: xmlNodePtr) -> Bool {
        let names = (lowerCase(node, "class") ?? []) + [0x20] + (lowerCase(node, "id") ?? [])
        return matches(names, shareBars)
    }

    private static let shareBars = keys("share", "social")

    private static func keys(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }

    /// The attribute's value with ASCII letters in lower case, as bytes.
    private static func lowerCase(_ node: xmlNodePtr, _ name: StaticString) -> [UInt8]? {
        guard let value = node.attribute(name) else { return nil }
        return value.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    /// Whether any of `words` occurs in `text`.
    private static func matches(_ text: [UInt8], _ words: [[UInt8]]) -> Bool {
        text.withUnsafeBufferPointer { haystack in
            words.contains { word in
                guard let first = word.first, word.count <= haystack.count else { return false }
                var start = 0
                while start + word.count <= haystack.count {
                    if haystack[start] == first, word.indices.allSatisfy({ haystack[start + $0] == word[$0] }) {
                        return true
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
