/// The sanitizer's allow-list, in one place: what happens to each element, and which attributes
/// each element may keep. Everything not listed here is removed: an unknown element loses its tags
/// and keeps its content; an unlisted attribute (every `on…` handler, `style`, `id`, `class`…) is
/// dropped. URL attributes (`href`, `src`, `cite`, `poster`, `srcset`) are kept only with a safe
/// scheme (`HTMLURL`: never `javascript:`, `vbscript:` or `data:`, except `data:` raster images in
/// `img src`).
///
/// `HTMLText` follows the same rules, so the reader never shows text the sanitizer would remove.
enum HTMLAllowList {
    /// What the sanitizer does with an element.
    enum ElementRule: UInt8 {
        /// Tags removed, content kept (also what every unknown element gets).
        case unwrap
        /// Tag and allowed attributes written, content kept.
        case keep
        /// A void element kept: start tag only.
        case keepVoid
        /// Removed together with its content.
        case remove
        /// A void element removed; what the parser put inside it follows it in the source and is kept.
        case removeVoid

        var keepsTag: Bool { self == .keep || self == .keepVoid }
        var isVoid: Bool { self == .keepVoid || self == .removeVoid }
    }

    /// Elements written as they came (with their allowed attributes).
    static let kept: [HTMLElement] = [
        .a, .abbr, .acronym, .address, .article, .aside, .audio, .b, .bdi, .bdo, .big, .blockquote, .caption,
        .center, .cite, .code, .colgroup, .dd, .del, .details, .dfn, .div, .dl, .dt, .em, .figcaption, .figure,
        .font, .footer, .h1, .h2, .h3, .h4, .h5, .h6, .header, .i, .ins, .kbd, .li, .main, .mark, .nav, .ol, .p,
        .picture, .pre, .q, .rp, .rt, .ruby, .s, .samp, .section, .small, .span, .strike, .strong, .sub,
        .summary, .sup, .table, .tbody, .td, .tfoot, .th, .thead, .time, .tr, .tt, .u, .ul, .var, .video,
    ]

    /// Void elements kept: no end tag is written.
    static let keptVoid: [HTMLElement] = [.br, .col, .hr, .img, .source, .track, .wbr]

    /// Removed with their content: scripts, styles, document-level and form controls, foreign
    /// content (SVG, MathML), frames.
    static let removed: [HTMLElement] = [
        .script, .style, .frameset, .noframes, .title, .head, .svg, .math, .template, .noscript, .select,
        .option, .textarea, .datalist, .output, .canvas, .dialog, .portal, .xml, .button,
    ]

    /// Void elements removed; the content that follows them stays.
    static let removedVoid: [HTMLElement] = [
        .embed, .param, .base, .meta, .link, .input, .keygen, .frame, .area, .isindex, .basefont, .bgsound,
    ]

    /// Removed, content kept: document wrappers, forms, plugin containers whose content is the
    /// fallback text (`object`, `iframe`, `applet`), obsolete text elements.
    static let unwrapped: [HTMLElement] = [
        .html, .body, .form, .label, .fieldset, .legend, .xmp, .plaintext, .listing, .nobr, .object, .iframe,
        .applet,
    ]

    /// Attributes every kept element may carry.
    static let globalAttributes: [HTMLAttribute] = [.title, .lang, .dir]

    /// Attributes and the elements that may carry them.
    static let attributes: [(HTMLAttribute, [HTMLElement])] = [
        (.href, [.a]),
        (.src, [.img, .audio, .video, .source, .track]),
        (.srcset, [.img, .source]),
        (.sizes, [.img, .source]),
        (.media, [.source]),
        (.cite, [.blockquote, .q, .del, .ins]),
        (.datetime, [.time, .del, .ins]),
        (.poster, [.video]),
        (.alt, [.img]),
        (.width, [.img, .video, .col, .colgroup, .td, .th, .table]),
        (.height, [.img, .video, .td, .th]),
        (.colspan, [.td, .th]),
        (.rowspan, [.td, .th]),
        (.headers, [.td, .th]),
        (.scope, [.th, .td]),
        (.abbr, [.th, .td, .abbr]),
        (.controls, [.audio, .video]),
        (.loop, [.audio, .video]),
        (.muted, [.audio, .video]),
        (.type, [.ol, .ul, .li, .source]),
        (.start, [.ol]),
        (.reversed, [.ol]),
        (.value, [.li]),
        (.open, [.details]),
        (.align, [.td, .th, .tr, .p, .div, .img, .table, .col, .h1, .h2, .h3, .h4, .h5, .h6]),
        (.valign, [.td, .th, .tr, .col]),
        (.span, [.col, .colgroup]),
        (.label, [.track]),
        (.kind, [.track]),
        (.srclang, [.track]),
    ]

    static let elementCount = HTMLElement.allCases.count

    /// `elementRules[element.rawValue]`, built from the lists above.
    static let elementRules: [ElementRule] = {
        var rules = [ElementRule](repeating: .unwrap, count: elementCount)
        for element in kept { rules[Int(element.rawValue)] = .keep }
        for element in keptVoid { rules[Int(element.rawValue)] = .keepVoid }
        for element in removed { rules[Int(element.rawValue)] = .remove }
        for element in removedVoid { rules[Int(element.rawValue)] = .removeVoid }
        for element in unwrapped { rules[Int(element.rawValue)] = .unwrap }
        return rules
    }()

    /// `attributeAllowed[attribute.rawValue * elementCount + element.rawValue]`, built from the
    /// lists above; false for every element whose tag is not kept.
    static let attributeAllowed: [Bool] = {
        var allowed = [Bool](repeating: false, count: HTMLAttribute.allCases.count * elementCount)
        let keptElements = kept + keptVoid
        for attribute in globalAttributes {
            for element in keptElements { allowed[Int(attribute.rawValue) * elementCount + Int(element.rawValue)] = true }
        }
        for (attribute, elements) in attributes {
            for element in elements where keptElements.contains(element) {
                allowed[Int(attribute.rawValue) * elementCount + Int(element.rawValue)] = true
            }
        }
        return allowed
    }()
}
