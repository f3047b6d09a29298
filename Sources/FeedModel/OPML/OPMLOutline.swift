import Foundation

/// One `outline` element: its attributes in document order and its child outlines.
struct OPMLOutline: Sendable, Hashable {
    var attributes: [FeedListAttribute]
    var children: [OPMLOutline] = []

    init(attributes: [FeedListAttribute], children: [OPMLOutline] = []) {
        self.attributes = attributes
        self.children = children
    }

    /// An outline for a new feed: type, text, title, xmlUrl, htmlUrl, the entry's other attributes, the
    /// refresh interval and tags beyond the `folders` it is put in as `category`.
    init(entry: FeedListEntry, folders: [String]) {
        var attributes: [FeedListAttribute] = [
            FeedListAttribute(name: "type", value: entry.type ?? "rss"),
            FeedListAttribute(name: "text", value: entry.text ?? entry.title ?? entry.url),
        ]
        if let title = entry.title { attributes.append(FeedListAttribute(name: "title", value: title)) }
        attributes.append(FeedListAttribute(name: "xmlUrl", value: entry.url))
        if let htmlUrl = entry.htmlUrl { attributes.append(FeedListAttribute(name: "htmlUrl", value: htmlUrl)) }
        let known: Set<String> = ["type", "text", "title", "xmlurl", "htmlurl", "category"]
        for attribute in entry.attributes where !known.contains(attribute.name.lowercased()) {
            if !attributes.contains(where: { $0.name == attribute.name }) { attributes.append(attribute) }
        }
        if let interval = entry.refreshInterval,
            !attributes.contains(where: { OPMLOutline.isRefreshAttribute($0.name) })
        {
            attributes.append(FeedListAttribute(name: "tidings:refresh", value: FeedListInterval.format(interval)))
        }
        let extraTags = entry.tags.filter { !folders.contains($0) }
        if !extraTags.isEmpty {
            attributes.append(FeedListAttribute(name: "category", value: extraTags.map { "/" + $0 }.joined(separator: ",")))
        }
        self.attributes = attributes
    }

    func value(_ lowercasedName: String) -> String? {
        attributes.first { $0.name.lowercased() == lowercasedName }?.value
    }

    /// The feed URL (`xmlUrl` in any case, trimmed), or `nil` for a folder.
    var feedURL: String? {
        guard let url = value("xmlurl")?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty else {
            return nil
        }
        return url
    }

    /// The feed this outline lists, or `nil` for a folder (no `xmlUrl`).
    func entry(folders: [String]) -> FeedListEntry? {
        guard let url = feedURL else { return nil }
        var tags = folders
        if let category = value("category") {
            for path in category.split(separator: ",") {
                for part in path.split(separator: "/") {
                    let tag = part.trimmingCharacters(in: .whitespaces)
                    if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
                }
            }
        }
        let interval = attributes.first { OPMLOutline.isRefreshAttribute($0.name) }.flatMap {
            FeedListInterval.parse($0.value)
        }
        return FeedListEntry(
            url: url, title: value("title"), text: value("text"), htmlUrl: value("htmlurl"), type: value("type"),
            tags: tags, folders: folders, attributes: attributes, refreshInterval: interval)
    }

    /// The folder's name: its title, else its text.
    var folderName: String? {
        for name in ["title", "text"] {
            if let value = value(name)?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty { return value }
        }
        return nil
    }

    /// `tidings:full-text` as a flag: "true" or "false" (any case), nil when absent or neither.
    var fullText: Bool? {
        switch value("tidings:full-text")?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// `tidings:auto-download` as a flag, read as `fullText` is.
    var autoDownload: Bool? {
        switch value("tidings:auto-download")?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// `tidings:keep`: a whole number from 1 to 10,000; nil when absent or anything else.
    var keep: Int? {
        guard let text = value("tidings:keep")?.trimmingCharacters(in: .whitespaces), let n = Int(text),
            (1...10_000).contains(n)
        else { return nil }
        return n
    }

    static func isRefreshAttribute(_ name: String) -> Bool {
        name == "tidings:refresh" || name == "refreshInterval"
    }

    /// The name the outline uses for its feed URL (`xmlUrl` unless it was read in another case).
    static func xmlUrlName(in attributes: [FeedListAttribute]) -> String {
        attributes.first { $0.name.lowercased() == "xmlurl" }?.name ?? "xmlUrl"
    }

    mutating func set(_ name: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append(FeedListAttribute(name: name, value: value))
        }
    }

    /// A folder outline with `name` as its text and title.
    static func folder(named name: String, children: [OPMLOutline]) -> OPMLOutline {
        var folder = OPMLOutline(attributes: [
            FeedListAttribute(name: "text", value: name), FeedListAttribute(name: "title", value: name),
        ])
        folder.children = children
        return folder
    }

    /// `outline` inside new folders named `path`, outermost first (`outline` itself for no path).
    static func nest(_ outline: OPMLOutline, in path: ArraySlice<String>) -> OPMLOutline {
        guard let name = path.first else { return outline }
        return folder(named: name, children: [nest(outline, in: path.dropFirst())])
    }

    /// Appends to the first folder named `folder` at any depth, going down `path` from it by name
    /// (the part of `path` not found is created around `outline`); false when no folder has the name.
    static func appendToFolder(
        named folder: String, path: ArraySlice<String> = [], _ outline: OPMLOutline, in outlines: inout [OPMLOutline]
    ) -> Bool {
        for index in outlines.indices where outlines[index].feedURL == nil {
            if outlines[index].folderName == folder {
                descend(path, outline, into: &outlines[index].children)
                return true
            }
            if appendToFolder(named: folder, path: path, outline, in: &outlines[index].children) { return true }
        }
        return false
    }

    /// Puts `outline` at the end of the folder `path` below `children`, creating what is missing.
    private static func descend(_ path: ArraySlice<String>, _ outline: OPMLOutline, into children: inout [OPMLOutline]) {
        guard let name = path.first else {
            children.append(outline)
            return
        }
        guard let index = children.firstIndex(where: { $0.feedURL == nil && $0.folderName == name }) else {
            children.append(nest(outline, in: path))
            return
        }
        descend(path.dropFirst(), outline, into: &children[index].children)
    }

    static func remove(url: String, from outlines: inout [OPMLOutline]) -> Bool {
        let before = outlines.count
        outlines.removeAll { $0.feedURL == url }
        var found = outlines.count != before
        for index in outlines.indices where !outlines[index].children.isEmpty {
            if remove(url: url, from: &outlines[index].children) { found = true }
        }
        return found
    }

    static func update(url: String, in outlines: inout [OPMLOutline], _ change: (inout OPMLOutline) -> Void) -> Bool {
        var found = false
        for index in outlines.indices {
            if outlines[index].feedURL == url {
                change(&outlines[index])
                found = true
            }
            if !outlines[index].children.isEmpty, update(url: url, in: &outlines[index].children, change) {
                found = true
            }
        }
        return found
    }
}
