/// How libxml2's HTML parser nests the tags the sanitizer writes, when it reads the sanitized HTML
/// again: which open element a start tag closes by itself, and which void elements it keeps open.
///
/// The sanitizer removes tags (unknown elements, `xmp`, `form`…) whose place in the input kept the
/// parser from closing an element; without them, the same start tag closes it (`<tr>` inside an
/// `xmp` inside a `tr` nests; the sanitized `<tr>` after `<tr>` closes the first row). So
/// `SanitizingHandler` keeps the elements the parser would have open when reading its output, and
/// closes those a start tag would close before writing the tag: what it writes is then exactly what
/// a second parse reads.
///
/// The rules are libxml2's (2.9, the `htmlStartClose` table of HTMLparser.c), limited to the elements
/// the sanitizer writes; `SanitizerReparseTests` checks every pair against the linked libxml2.
enum HTMLReparseRules {
    /// Whether a start tag of `new` closes the open element `open` (the innermost one).
    @inline(__always)
    static func startTag(_ new: HTMLElement, closes open: HTMLElement) -> Bool {
        closing[Int(new.rawValue) &* HTMLAllowList.elementCount &+ Int(open.rawValue)]
    }

    /// Void elements the sanitizer writes that libxml2 does not know as void: the parser keeps them
    /// open, what follows is their content until an enclosing end tag closes them.
    static func staysOpen(_ element: HTMLElement) -> Bool {
        element == .source || element == .track || element == .wbr
    }

    /// For each element the sanitizer writes, the open elements its start tag closes.
    static let closedByStartTag: [(HTMLElement, [HTMLElement])] = [
        (.a, [.a]),
        (.address, [.p, .ul]),
        (.blockquote, [.p]),
        (.caption, [.p]),
        (.center, [.b, .font, .i, .p]),
        (.colgroup, [.caption, .colgroup, .p]),
        (.dd, [.address, .dt, .p, .pre]),
        (.div, [.p]),
        (.dl, [.address, .dt, .p, .pre]),
        (.dt, [.address, .dd, .p, .pre]),
        (.h1, [.p]), (.h2, [.p]), (.h3, [.p]), (.h4, [.p]), (.h5, [.p]), (.h6, [.p]),
        (.li, [.address, .dl, .h1, .h2, .h3, .h4, .h5, .h6, .li, .p, .pre]),
        (.ol, [.p, .ul]),
        (.p, [.b, .big, .h1, .h2, .h3, .h4, .h5, .h6, .i, .p, .s, .small, .strike, .tt, .u]),
        (.pre, [.p, .ul]),
        (.table, [.a, .h1, .h2, .h3, .h4, .h5, .h6, .p, .pre]),
        (.tbody, [.caption, .colgroup, .p, .tbody, .td, .tfoot, .th, .thead, .tr]),
        (.td, [.a, .b, .font, .i, .p, .span, .td, .th, .u]),
        (.tfoot, [.caption, .colgroup, .p, .tbody, .td, .th, .thead, .tr]),
        (.th, [.a, .b, .font, .i, .p, .span, .td, .th, .u]),
        (.thead, [.caption, .colgroup]),
        (.tr, [.caption, .colgroup, .p, .td, .th, .tr]),
        (.ul, [.address, .ol, .p, .pre]),
        (.col, [.caption, .p]),
        (.hr, [.p]),
    ]

    /// `closing[new.rawValue * elementCount + open.rawValue]`, built from `closedByStartTag`.
    private static let closing: [Bool] = {
        let count = HTMLAllowList.elementCount
        var table = [Bool](repeating: false, count: count * count)
        for (new, closed) in closedByStartTag {
            for open in closed { table[Int(new.rawValue) * count + Int(open.rawValue)] = true }
        }
        return table
    }()
}
