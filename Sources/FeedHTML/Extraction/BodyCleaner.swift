import CLibXML2

/// Takes the furniture out of a gathered article body: the headline repeated, share bars, and
/// blocks that look like lists of links, image galleries or forms rather than prose. Figures with
/// their captions, code and data tables stay.
struct BodyCleaner {
    /// Whether class and id names count.
    var weighClasses: Bool
    /// Whether blocks are judged by their content (the strict tries).
    var cleanConditionally: Bool
    /// The article's title, whose repetition at the top of the body goes.
    var title: String?

    /// How deep below the article blocks are judged: each judgement reads the block's subtree, so
    /// the limit keeps a page of thousands of nested blocks from costing the square of its size.
    static let judgedDepth = 48

    /// Cleans the subtree at `article`.
    func run(_ article: xmlNodePtr) {
        var node = article.pointee.children
        var depth = 1
        while let current = node {
            guard current.isElement else {
                node = next(current, within: article, depth: &depth, descend: true)
                continue
            }
            if depth <= Self.judgedDepth, shouldRemove(current) {
                node = next(current, within: article, depth: &depth, descend: false)
                current.remove()
                continue
            }
            if current.kind == .h1 { current.rename("h2") }
            node = next(current, within: article, depth: &depth, descend: true)
        }
        removeEmpty(article)
    }

    /// The next node in document order, keeping `depth` (1 for the article's children).
    private func next(_ node: xmlNodePtr, within root: xmlNodePtr, depth: inout Int, descend: Bool) -> xmlNodePtr? {
        if descend, node.isElement, let child = node.pointee.children {
            depth += 1
            return child
        }
        var cursor = node
        while cursor != root {
            if let sibling = cursor.pointee.next { return sibling }
            guard let parent = cursor.pointee.parent else { return nil }
            cursor = parent
            depth -= 1
        }
        return nil
    }

    private func shouldRemove(_ node: xmlNodePtr) -> Bool {
        let kind = node.kind
        switch kind {
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if weighClasses, ClassWeight.weight(node) < 0 { return true }
            if kind == .h1 || kind == .h2, let title, Self.isSimilar(node.collapsedText, title) { return true }
            return false
        case .form, .fieldset, .footer, .aside:
            return cleanConditionally ? isFurniture(node) : false
        case .table, .ul, .ol, .div, .section, .dl, .header:
            if node.hasAncestor(.pre) || node.hasAncestor(.code) { return false }
            if weighClasses, ClassWeight.isShareBar(node), NodeText(node).length < 500 { return true }
            if kind == .table, Self.isDataTable(node) { return false }
            return cleanConditionally ? isFurniture(node) : false
        default:
            return false
        }
    }

    /// Whether a block reads like furniture: by its weight, its links, its images against its
    /// paragraphs, its form controls.
    private func isFurniture(_ node: xmlNodePtr) -> Bool {
        let weight = weighClasses ? ClassWeight.weight(node) : 0
        if weight < 0 { return true }
        let text = NodeText(node)
        guard text.commas < 10 else { return false }
        let kind = node.kind
        let isList = kind == .ul || kind == .ol || kind == .dl
        let counts = node.elementCounts
        func count(_ kind: HTMLElement) -> Int { counts[Int(kind.rawValue)] }
        let paragraphs = count(.p)
        let images = count(.img)
        let items = count(.li) - 100
        let inFigure = node.hasAncestor(.figure) || count(.figure) > 0
        if images > 1, Double(paragraphs) / Double(images) < 0.5, !inFigure { return true }
        if !isList, items > paragraphs { return true }
        if !isList, text.length < 25, images == 0 || images > 2, !inFigure,
            count(.pre) == 0, count(.table) == 0, count(.video) == 0
        {
            return true
        }
        if !isList, weight < 25, text.linkDensity > 0.2 { return true }
        if weight >= 25, text.linkDensity > 0.5 { return true }
        return false
    }

    /// A table of data rather than of layout: it says so with a caption, headers or a summary, or
    /// it is big; a table holding tables is layout.
    static func isDataTable(_ table: xmlNodePtr) -> Bool {
        if table.attribute("role")?.lowercased() == "presentation" { return false }
        let counts = table.elementCounts
        func count(_ kind: HTMLElement) -> Int { counts[Int(kind.rawValue)] }
        if count(.table) > 0 { return false }
        if table.attribute("summary") != nil { return true }
        if count(.caption) > 0 || count(.th) > 0 || count(.thead) > 0 || count(.tfoot) > 0 || count(.colgroup) > 0 {
            return true
        }
        let rows = count(.tr)
        let cells = count(.td)
        let columns = rows == 0 ? 0 : cells / rows
        return rows >= 10 || columns > 4 || rows * columns > 10
    }

    /// Paragraphs with neither text nor media.
    private func removeEmpty(_ article: xmlNodePtr) {
        var node = article.pointee.children
        while let current = node {
            let next = current.next(within: article, descend: current.kind != .p)
            if current.kind == .p, current.collapsedText.isEmpty, current.count(.img) == 0,
                current.count(.picture) == 0, current.count(.video) == 0
            {
                current.remove()
            }
            node = next
        }
    }

    /// Whether a heading says what the title says: nearly all its words (by length) are the title's,
    /// and it holds nearly all of the title's. A heading that goes on past the title is content.
    static func isSimilar(_ heading: String, _ title: String) -> Bool {
        func words(_ text: String) -> [Substring] { text.lowercased().split { !$0.isLetter && !$0.isNumber } }
        func newShare(_ from: [Substring], against other: Set<Substring>) -> Double {
            let total = from.reduce(0) { $0 + $1.count }
            guard total > 0 else { return 1 }
            return Double(from.filter { !other.contains($0) }.reduce(0) { $0 + $1.count }) / Double(total)
        }
        let headingWords = words(heading)
        let titleWords = words(title)
        return newShare(headingWords, against: Set(titleWords)) < 0.25
            && newShare(titleWords, against: Set(headingWords)) < 0.25
    }
}
