import CLibXML2

/// The first step of finding an article's body: the page's body without what can never be content
/// (scripts, forms' controls, hidden elements, and on the strict tries the furniture named by class,
/// id or role), with loose text gathered into paragraphs so that it can be scored.
struct PagePreparation {
    /// Whether to remove elements whose class, id or role names furniture.
    var stripUnlikely: Bool
    /// Whether to look for (and remove) a byline element; set when the metadata names no author.
    var findByline: Bool
    /// The byline found in the body.
    private(set) var byline: String?

    /// Elements removed with their content wherever they are.
    private static func isNeverContent(_ kind: HTMLElement) -> Bool {
        switch kind {
        case .script, .style, .noscript, .template, .link, .meta, .input, .button, .select, .textarea, .canvas,
            .dialog, .iframe, .frame, .frameset, .embed, .object, .applet, .nav, .datalist, .output, .title, .head, .svg:
            return true
        default:
            return false
        }
    }

    /// Prepares the subtree at `body` of `tree`.
    mutating func run(_ body: xmlNodePtr, tree: PageTree) {
        var node = body.pointee.children
        while let current = node {
            var next = current.next(within: body)
            if current.pointee.type == XML_COMMENT_NODE || current.pointee.type == XML_PI_NODE {
                next = current.next(within: body, descend: false)
                current.remove()
            } else if current.isElement, shouldRemove(current) {
                next = current.next(within: body, descend: false)
                current.remove()
            } else if current.kind == .img {
                Self.loadLazyImage(current)
            }
            node = next
        }
        gatherParagraphs(body, tree: tree)
    }

    private mutating func shouldRemove(_ node: xmlNodePtr) -> Bool {
        let kind = node.kind
        if Self.isNeverContent(kind) { return true }
        if Self.isHidden(node) { return true }
        if findByline, byline == nil, ClassWeight.isByline(node) {
            let text = node.collapsedText
            if !text.isEmpty, text.count < 100 {
                byline = text
                return true
            }
        }
        guard stripUnlikely, kind != .body, kind != .a, kind != .article, kind != .main else { return false }
        if kind == .aside || kind == .footer { return true }
        return ClassWeight.isUnlikely(node) && !node.hasAncestor(.table) && !node.hasAncestor(.code)
    }

    /// An image whose address waits in a `data-` attribute for a script (lazy loading) gets it as
    /// its `src` (and `srcset`), in place of a missing or placeholder one.
    private static func loadLazyImage(_ image: xmlNodePtr) {
        let source = image.attribute("src") ?? ""
        let placeholder = source.isEmpty || source.hasPrefix("data:") || source.contains("blank.gif")
            || source.contains("placeholder") || source.contains("spacer")
        if placeholder, let lazy = image.attribute("data-src") ?? image.attribute("data-original")
            ?? image.attribute("data-lazy-src") ?? image.attribute("data-url"), !lazy.isEmpty
        {
            image.setAttribute("src", lazy)
        }
        if image.attribute("srcset") == nil, let lazy = image.attribute("data-srcset") ?? image.attribute("data-lazy-srcset"),
            !lazy.isEmpty
        {
            image.setAttribute("srcset", lazy)
        }
    }

    /// Hidden by the `hidden` attribute, ARIA or an inline style.
    private static func isHidden(_ node: xmlNodePtr) -> Bool {
        if node.attribute("hidden") != nil { return true }
        if node.attribute("aria-hidden")?.lowercased() == "true",
            !(node.attribute("class") ?? "").contains("fallback-image")
        {
            return true
        }
        guard let style = node.attribute("style")?.lowercased() else { return false }
        let compact = style.filter { $0 != " " }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    /// Elements that make a `div` a container rather than a paragraph.
    private static func isBlockInDiv(_ kind: HTMLElement) -> Bool {
        switch kind {
        case .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul, .section, .article, .figure, .h1, .h2, .h3,
            .h4, .h5, .h6, .header, .footer, .aside, .main, .form, .picture, .video, .hr:
            return true
        default:
            return false
        }
    }

    /// Text and inline elements (phrasing content), which a `p` may hold.
    static func isPhrasing(_ node: xmlNodePtr) -> Bool {
        if node.isText { return true }
        guard node.isElement else { return false }
        switch node.kind {
        case .a, .abbr, .b, .bdi, .bdo, .br, .cite, .code, .del, .dfn, .em, .font, .i, .img, .ins, .kbd, .mark, .q,
            .s, .samp, .small, .span, .strike, .strong, .sub, .sup, .time, .tt, .u, .var, .wbr, .big, .acronym,
            .nobr, .label, .unknown:
            return true
        default:
            return false
        }
    }

    /// Turns `div`s that hold only inline content into paragraphs, wraps loose inline runs of the
    /// other `div`s in paragraphs, and splits text separated by two or more `br` into paragraphs.
    private func gatherParagraphs(_ body: xmlNodePtr, tree: PageTree) {
        var divs: [xmlNodePtr] = []
        var node = body.pointee.children
        while let current = node {
            if current.isElement, current.kind == .div || current.kind == .section || current.kind == .article
                || current.kind == .td || current.kind == .main || current.kind == .body
            {
                divs.append(current)
            }
            node = current.next(within: body)
        }
        divs.append(body)
        let holdingBlocks = Self.elementsHoldingBlocks(body)
        for div in divs {
            let split = splitOnBreaks(div, tree: tree)
            if div.kind == .div, !split, !holdingBlocks.contains(div) {
                div.rename("p")
            } else {
                wrapLooseRuns(div, tree: tree)
            }
        }
    }

    /// The elements under `root` with a block element somewhere below them, found in one walk.
    private static func elementsHoldingBlocks(_ root: xmlNodePtr) -> Set<xmlNodePtr> {
        var holding = Set<xmlNodePtr>()
        var node = root.pointee.children
        while let current = node {
            if current.isElement, isBlockInDiv(current.kind) {
                var ancestor = current.pointee.parent
                while let parent = ancestor, parent != root, holding.insert(parent).inserted {
                    ancestor = parent.pointee.parent
                }
            }
            node = current.next(within: root)
        }
        return holding
    }

    /// Whether the node is a `br` followed (past white space) by another `br`.
    private static func startsBreakChain(_ node: xmlNodePtr) -> Bool {
        guard node.kind == .br else { return false }
        var next = node.pointee.next
        while let current = next, current.isText, current.collapsedText.isEmpty { next = current.pointee.next }
        return next?.kind == .br
    }

    /// Text separated by `<br><br>` among the children of `node` becomes paragraphs; true when
    /// there was such text.
    private func splitOnBreaks(_ node: xmlNodePtr, tree: PageTree) -> Bool {
        var child = node.pointee.children
        while let current = child, !Self.startsBreakChain(current) { child = current.pointee.next }
        guard child != nil else { return false }
        var segments: [[xmlNodePtr]] = [[]]
        child = node.pointee.children
        while let current = child {
            if Self.startsBreakChain(current) {
                var cursor: xmlNodePtr? = current
                while let chain = cursor, chain.kind == .br || (chain.isText && chain.collapsedText.isEmpty) {
                    cursor = chain.pointee.next
                    chain.remove()
                }
                if !segments[segments.count - 1].isEmpty { segments.append([]) }
                child = cursor
                continue
            }
            if Self.isPhrasing(current) {
                segments[segments.count - 1].append(current)
            } else if !segments[segments.count - 1].isEmpty {
                segments.append([])
            }
            child = current.pointee.next
        }
        for segment in segments where segment.contains(where: { !$0.collapsedText.isEmpty }) {
            guard let paragraph = tree.newElement("p") else { continue }
            xmlAddPrevSibling(segment[0], paragraph)
            for part in segment {
                xmlUnlinkNode(part)
                xmlAddChild(paragraph, part)
            }
        }
        return true
    }

    /// Runs of inline children of a container, with some text, go into a `p` of their own.
    private func wrapLooseRuns(_ node: xmlNodePtr, tree: PageTree) {
        var run: [xmlNodePtr] = []
        var child = node.pointee.children
        func flush() {
            defer { run = [] }
            guard run.contains(where: { !$0.collapsedText.isEmpty }), let paragraph = tree.newElement("p") else { return }
            xmlAddPrevSibling(run[0], paragraph)
            for part in run {
                xmlUnlinkNode(part)
                xmlAddChild(paragraph, part)
            }
        }
        while let current = child {
            let next = current.pointee.next
            if Self.isPhrasing(current) { run.append(current) } else { flush() }
            child = next
        }
        flush()
    }
}
