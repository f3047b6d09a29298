import CLibXML2
import TidingsText

/// The state of one `HTMLText.render` walk: maps elements to layout steps.
package struct HTMLTextRenderer {
    private struct List {
        var ordered: Bool
        var counter: Int
        /// +1, or -1 for a `reversed` list.
        var step = 1
        var style = ListNumberStyle.decimal
    }

    private static let bullets = ["\u{2022} ", "\u{25E6} ", "\u{25AA} "]

    var layout: HTMLTextLayout
    private(set) var links: [String] = []
    private let baseURL: String?
    private var linkNumbers: [String: Int] = [:]
    private var openLinks: [String?] = []
    private var lists: [List] = []
    private var preDepth = 0
    private var preText = ""
    private var cellDepth = 0
    private var rowCells: [String] = []
    private var headingStart = 0
    /// Plain prose: no link numbers, image marks or heading underlines.
    private let plain: Bool

    package init(width: Int, baseURL: String?, plain: Bool = false) {
        layout = HTMLTextLayout(width: width)
        self.baseURL = baseURL
        self.plain = plain
    }

    mutating func visit(_ event: HTMLWalkEvent, _ node: xmlNodePtr) -> Bool {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            if event == .enter, let text = node.pointee.textContent { addText(text) }
            return false
        case XML_ELEMENT_NODE:
            let element = node.pointee.element
            if element.isDropped { return false }
            if event == .enter {
                enter(element, node)
            } else {
                leave(element)
            }
            return true
        default:
            return false
        }
    }

    private mutating func addText(_ text: String) {
        if preDepth > 0 {
            preText += text
        } else {
            layout.addText(text)
        }
    }

    private mutating func addAtom(_ text: String) {
        if preDepth > 0 {
            preText += text
        } else {
            layout.addAtom(text)
        }
    }

    private mutating func enter(_ element: HTMLElement, _ node: xmlNodePtr) {
        if cellDepth > 0, element.isTextBlock {
            if element == .td || element == .th { cellDepth += 1 }
            addText(" ")
            return
        }
        switch element {
        case .br:
            if preDepth > 0 { preText += "\n" } else { layout.addLineBreak() }
        case .hr:
            if plain { layout.endBlock(spaced: true) } else { layout.addRule() }
        case .img:
            if plain { return }
            var alt = ""
            var pendingSpace = false
            HTMLText.appendCollapsed(node.pointee.attribute(.alt) ?? "", to: &alt, pendingSpace: &pendingSpace)
            addAtom(alt.isEmpty ? "[image]" : "[image: \(alt)]")
        case .a:
            openLinks.append(node.pointee.attribute(.href))
        case .h1, .h2, .h3, .h4, .h5, .h6:
            layout.endBlock(spaced: true)
            headingStart = layout.lines.count
        case .ul:
            layout.endBlock(spaced: lists.isEmpty)
            lists.append(List(ordered: false, counter: 0))
        case .ol:
            layout.endBlock(spaced: lists.isEmpty)
            lists.append(Self.orderedList(node))
        case .li:
            layout.endBlock()
            if lists.isEmpty { lists.append(List(ordered: false, counter: 0)) }
            let index = lists.count - 1
            if let value = node.pointee.attribute(.value).flatMap(Self.integer) {
                lists[index].counter = value
            } else {
                lists[index].counter += lists[index].step
            }
            let list = lists[index]
            let marker =
                list.ordered
                ? list.style.marker(list.counter) + ". "
                : HTMLTextRenderer.bullets[(lists.count - 1) % HTMLTextRenderer.bullets.count]
            layout.pushPrefix(first: marker, rest: String(repeating: " ", count: TextWidth.width(of: marker)))
        case .blockquote:
            layout.endBlock(spaced: true)
            layout.pushPrefix(first: "> ", rest: "> ")
        case .dd:
            layout.endBlock()
            layout.pushPrefix(first: "    ", rest: "    ")
        case .pre, .xmp, .plaintext, .listing:
            if preDepth == 0 { preText = "" }
            preDepth += 1
        case .table:
            layout.endBlock(spaced: true)
        case .tr:
            layout.endBlock()
            rowCells = []
        case .td, .th:
            _ = layout.takeInline()
            cellDepth = 1
        default:
            if element.isTextBlock { layout.endBlock(spaced: element.isSpacedBlock) }
        }
    }

    private mutating func leave(_ element: HTMLElement) {
        if cellDepth > 0 {
            if element == .td || element == .th {
                if cellDepth > 1 {
                    cellDepth -= 1
                    addText(" ")
                    return
                }
            } else if element.isTextBlock {
                addText(" ")
                return
            }
        }
        switch element {
        case .a:
            closeLink()
        case .h1, .h2, .h3, .h4, .h5, .h6:
            layout.endBlock()
            if !plain, element == .h1 || element == .h2 {
                layout.underline(element == .h1 ? "=" : "-", since: headingStart)
            }
            layout.endBlock(spaced: true)
        case .ul, .ol:
            layout.endBlock()
            if !lists.isEmpty { lists.removeLast() }
            layout.endBlock(spaced: lists.isEmpty)
        case .li, .dd:
            layout.popPrefix()
        case .blockquote:
            layout.popPrefix()
            layout.endBlock(spaced: true)
        case .pre, .xmp, .plaintext, .listing:
            preDepth -= 1
            if preDepth == 0 { layout.addPreformatted(preText) }
        case .td, .th:
            rowCells.append(layout.takeInline())
            cellDepth = 0
        case .tr:
            if rowCells.contains(where: { !$0.isEmpty }) { layout.addLine(rowCells.joined(separator: " | ")) }
            rowCells = []
        case .table:
            layout.endBlock(spaced: true)
        default:
            if element.isTextBlock { layout.endBlock(spaced: element.isSpacedBlock) }
        }
    }

    /// An `ol`'s numbering: `start`, else 1 (or, `reversed`, the number of its items), counting
    /// up or down; the counter holds the number before the first item.
    private static func orderedList(_ node: xmlNodePtr) -> List {
        let reversed = node.pointee.attribute(.reversed) != nil
        var list = List(ordered: true, counter: 0, step: reversed ? -1 : 1)
        list.style = ListNumberStyle(node.pointee.attribute(.type))
        if let start = node.pointee.attribute(.start).flatMap(integer) {
            list.counter = start - list.step
        } else if reversed {
            var items = 0
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE, current.pointee.element == .li { items += 1 }
                child = current.pointee.next
            }
            list.counter = items + 1
        }
        return list
    }

    /// An HTML integer attribute value: optional spaces and sign, then digits (what follows is ignored).
    private static func integer(_ text: String) -> Int? {
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        var sign = ""
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            rest = rest.dropFirst()
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }.prefix(9)
        return digits.isEmpty ? nil : Int(sign + digits)
    }

    private mutating func closeLink() {
        guard !plain, let href = openLinks.popLast() ?? nil, !href.hasPrefix("#"),
            let url = HTMLURL.safe(href, base: baseURL)
        else { return }
        let number: Int
        if let known = linkNumbers[url] {
            number = known
        } else {
            links.append(url)
            number = links.count
            linkNumbers[url] = number
        }
        addAtom("[\(number)]")
    }
}

extension HTMLElement {
    /// Elements that start a new line in text.
    package var isTextBlock: Bool {
        switch self {
        case .address, .article, .aside, .blockquote, .caption, .center, .details, .div, .dl, .dt, .dd,
            .figcaption, .figure, .footer, .h1, .h2, .h3, .h4, .h5, .h6, .header, .hr, .li, .main, .nav, .ol,
            .p, .pre, .section, .summary, .table, .tbody, .td, .tfoot, .th, .thead, .tr, .ul, .form,
            .fieldset, .legend, .xmp, .plaintext, .listing, .br:
            return true
        default:
            return false
        }
    }

    /// Blocks followed by a blank line.
    package var isSpacedBlock: Bool {
        switch self {
        case .p, .figure, .details, .address, .dl, .caption, .fieldset: return true
        default: return false
        }
    }
}
