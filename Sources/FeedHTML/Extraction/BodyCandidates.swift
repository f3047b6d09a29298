import CLibXML2

/// Finds the element that holds an article's body by scoring the page's paragraphs and handing their
/// scores up to their ancestors, then gathers the siblings that belong with it.
///
/// A paragraph scores by its length and its commas (prose has both; menus and captions have
/// neither); a container's score is weighed by its class and id names and discounted by its link
/// density, so a list of links never wins over prose.
struct BodyCandidates {
    /// Whether class and id names count.
    var weighClasses: Bool
    private(set) var scores: [xmlNodePtr: Double] = [:]
    /// The paragraphs scored, with their text not in links.
    private var prose: [(node: xmlNodePtr, length: Double)] = []

    init(weighClasses: Bool) {
        self.weighClasses = weighClasses
    }

    /// The elements whose own text is scored.
    private static func isScored(_ kind: HTMLElement) -> Bool {
        switch kind {
        case .p, .pre, .td, .h2, .h3, .h4, .h5, .h6: return true
        default: return false
        }
    }

    /// A container's score before its paragraphs count.
    private func initialScore(_ node: xmlNodePtr) -> Double {
        var score = 0.0
        switch node.kind {
        case .div, .article, .main: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        default: break
        }
        if node.kind == .article || node.kind == .main { score += 10 }
        return score + (weighClasses ? ClassWeight.weight(node) : 0)
    }

    /// The body's elements gathered under a new `div`: the best candidate and the siblings that
    /// belong with it, or the whole body when no paragraph is long enough to score.
    mutating func gather(_ body: xmlNodePtr, tree: PageTree) -> xmlNodePtr? {
        var candidates: [xmlNodePtr] = []
        var node = body.pointee.children
        while let current = node {
            guard current.isElement, Self.isScored(current.kind) else {
                node = current.next(within: body)
                continue
            }
            let text = NodeText(current)
            node = current.next(within: body, descend: false)
            guard text.length >= 25 else { continue }
            prose.append((current, Double(text.length) * (1 - text.linkDensity)))
            let score = 1 + Double(text.commas) + min(Double(text.length / 100), 3)
            var ancestor = current.pointee.parent
            var level = 0
            while let container = ancestor, container.isElement, level < 5 {
                if scores[container] == nil {
                    scores[container] = initialScore(container)
                    candidates.append(container)
                }
                let divider = level == 0 ? 1 : level == 1 ? 2 : Double(level * 3)
                scores[container, default: 0] += score / divider
                if container == body { break }
                ancestor = container.pointee.parent
                level += 1
            }
        }
        var ranked: [(node: xmlNodePtr, score: Double)] = candidates.map { candidate in
            let final = (scores[candidate] ?? 0) * (1 - NodeText(candidate).linkDensity)
            scores[candidate] = final
            return (candidate, final)
        }
        ranked.sort { $0.score > $1.score }
        guard var top = ranked.first?.node, let topScore = ranked.first?.score, topScore > 0 else {
            return collect(body, body: body, tree: tree)
        }
        top = promote(top, ranked: ranked, body: body)
        return collect(top, body: body, tree: tree)
    }

    /// The top candidate, or an ancestor when several good candidates sit under it or its parent
    /// scores close to it: an article cut into sections scores per section.
    private func promote(_ first: xmlNodePtr, ranked: [(node: xmlNodePtr, score: Double)], body: xmlNodePtr) -> xmlNodePtr {
        var top = first
        let topScore = scores[top] ?? 0
        let close = ranked.dropFirst().prefix(5).filter { $0.score / topScore >= 0.75 }.map(\.node)
        if close.count >= 3 {
            var parent = top.pointee.parent
            while let ancestor = parent, ancestor != body, ancestor.isElement {
                if close.filter({ $0.isInside(ancestor) }).count >= 3 {
                    top = ancestor
                    break
                }
                parent = ancestor.pointee.parent
            }
        }
        var lastScore = scores[top] ?? 0
        let threshold = lastScore / 3
        var parent = top.pointee.parent
        while let ancestor = parent, ancestor != body, ancestor.isElement {
            guard let score = scores[ancestor] else {
                parent = ancestor.pointee.parent
                continue
            }
            if score < threshold { break }
            if score > lastScore {
                top = ancestor
                break
            }
            lastScore = score
            parent = ancestor.pointee.parent
        }
        while let ancestor = top.pointee.parent, ancestor != body, ancestor.isElement,
            ancestor.elementChildren.count == 1
        {
            top = ancestor
        }
        return widen(top, body: body)
    }

    /// An ancestor of `top` (up to three levels) that holds much more of the page's prose than `top`
    /// while few of its words are links: an article whose sections sit in containers of their own.
    /// Only paragraphs in well-scored containers count outside `top`, so a block of short notes
    /// beside the article never draws it wider.
    private func widen(_ first: xmlNodePtr, body: xmlNodePtr) -> xmlNodePtr {
        var top = first
        let floor = (scores[first] ?? 0) * 0.25
        let counted = prose.filter { entry in
            entry.node.isInside(first) || entry.node.pointee.parent.flatMap { scores[$0] }.map { $0 >= floor } == true
        }
        func length(in node: xmlNodePtr) -> Double {
            counted.reduce(0) { $0 + ($1.node.isInside(node) ? $1.length : 0) }
        }
        var topProse = length(in: top)
        var ancestor = top.pointee.parent
        var level = 0
        while let container = ancestor, container != body, container.isElement, level < 3 {
            let containerProse = length(in: container)
            if topProse < containerProse * 0.66, NodeText(container).linkDensity < 0.3 {
                top = container
                topProse = containerProse
            }
            ancestor = container.pointee.parent
            level += 1
        }
        return top
    }

    /// The top candidate and its siblings that belong, moved into a new `div`.
    private func collect(_ top: xmlNodePtr, body: xmlNodePtr, tree: PageTree) -> xmlNodePtr? {
        guard let article = tree.newElement("div") else { return nil }
        let topScore = scores[top] ?? 0
        let threshold = max(10, topScore * 0.2)
        let topClass = top.attribute("class") ?? ""
        if top == body {
            while let child = body.pointee.children {
                xmlUnlinkNode(child)
                xmlAddChild(article, child)
            }
            return article
        }
        let siblings = top.pointee.parent.map { $0.elementChildren } ?? [top]
        for sibling in siblings {
            var keep = sibling == top
            if !keep {
                var bonus = 0.0
                if !topClass.isEmpty, sibling.attribute("class") == topClass { bonus += topScore * 0.2 }
                if let score = scores[sibling], score + bonus >= threshold {
                    keep = true
                } else if sibling.kind == .p {
                    let text = NodeText(sibling)
                    let content = sibling.collapsedText
                    if text.length > 80, text.linkDensity < 0.25 {
                        keep = true
                    } else if text.length > 0, text.length <= 80, text.linkDensity == 0,
                        content.contains(". ") || content.hasSuffix(".")
                    {
                        keep = true
                    }
                }
            }
            guard keep else { continue }
            xmlUnlinkNode(sibling)
            xmlAddChild(article, sibling)
        }
        return article
    }
}
