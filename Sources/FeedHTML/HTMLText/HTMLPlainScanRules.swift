import CLibXML2

/// What libxml2 2.9.14's HTML parser does with the element names and references `HTMLPlainScan`
/// accepts, as tables: which names it knows, which it ends at once, which start tags end which open
/// elements, which end tags it ignores, and its HTML 4 entities. Read from the parser's own events and
/// look-ups (`HTMLPlainScanRulesTests` checks every pair of names against the parser, every entity
/// against `htmlEntityLookup`); the scan runs only when the libxml2 loaded is that version.
enum HTMLPlainScanRules {
    /// A name's rules; `id` indexes `closes` (0: a name the scan does not accept).
    struct Tag {
        var id: UInt8 = 0
        var element = HTMLElement.unknown
        /// libxml2 ends the element right after its start tag.
        var isEmpty = false
        /// libxml2's end-tag priority: an end tag is ignored when an element above its match in the
        /// stack has a higher one (`htmlGetEndPriority`).
        var priority: UInt8 = 100
    }

    /// Whether the scan may run: the libxml2 loaded is the one these tables describe.
    static let isUsable: Bool = {
        guard let version = __xmlParserVersion()?.pointee else { return false }
        return String(cString: version) == "20914"
    }()

    /// The rules for a lower-case name (packed), or nil when the scan declines the name.
    @inline(__always)
    static func tag(_ key: ShortNameKey) -> Tag? {
        let index = Int(byName.value(key))
        return index == 0 ? nil : tags[index]
    }

    /// Whether a start tag of `new` ends an open `old` at the top of the stack.
    @inline(__always)
    static func startCloses(_ new: UInt8, _ old: UInt8) -> Bool {
        closes[Int(new) &* 4 &+ Int(old >> 6)] & (1 << UInt64(old & 63)) != 0
    }

    /// The implied `html`, `body` and `p` (libxml2 opens a paragraph for text outside any element).
    static let html = tags[Int(byName.value(ShortNameKey("html")))]
    static let body = tags[Int(byName.value(ShortNameKey("body")))]
    static let paragraph = tags[Int(byName.value(ShortNameKey("p")))]

    /// The code point of an HTML 4 entity name libxml2 decodes, or nil.
    @inline(__always)
    static func entity(_ key: ShortNameKey) -> UInt32? {
        let index = Int(entityTable.value(key))
        return index == 0 ? nil : entityValues[index]
    }

    /// Names the scan accepts: HTMLElement's and libxml2's, less those with rules of their own in
    /// libxml2 (document structure and head elements, raw text, encoding switches), which it declines.
    /// `html` and `body` are kept for the implied elements; their tags are declined by the scan.
    static let acceptedNames: [String] = {
        let declined: Set<String> = [
            "head", "title", "meta", "link", "base", "script", "style", "frameset", "frame", "noframes",
            "xmp", "plaintext", "listing", "textarea", "isindex", "xml",
        ]
        var names = HTMLElement.allCases.dropFirst().map { String(describing: $0) }
        for name in libxml2Known.split(whereSeparator: \.isWhitespace).map(String.init) where !names.contains(name) {
            names.append(name)
        }
        return names.filter { !declined.contains($0) }
    }()

    private static let tags: [Tag] = {
        let known = Set(libxml2Known.split(whereSeparator: \.isWhitespace).map(String.init))
        let empty = Set(libxml2Empty.split(whereSeparator: \.isWhitespace).map(String.init))
        let priorities: [String: UInt8] = [
            "div": 150, "td": 160, "th": 160, "tr": 170, "thead": 180, "tbody": 180, "tfoot": 180, "table": 190,
            "head": 200, "body": 200, "html": 220,
        ]
        var tags = [Tag()]
        for (index, name) in acceptedNames.enumerated() {
            let element = HTMLElement.named(ShortNameKey(name))
            tags.append(
                Tag(
                    id: UInt8(index + 1), element: element, isEmpty: known.contains(name) && empty.contains(name),
                    priority: priorities[name] ?? 100))
        }
        return tags
    }()

    private static let byName = HTMLNameTable([""] + acceptedNames)

    private static let closes: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 256 * 4)
        for line in libxml2StartClose.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " }).map(String.init)
            guard let new = parts.first, let newID = tag(ShortNameKey(new))?.id else { continue }
            for old in parts.dropFirst() {
                guard let oldID = tag(ShortNameKey(old))?.id else { continue }
                bits[Int(newID) * 4 + Int(oldID >> 6)] |= 1 << UInt64(oldID & 63)
            }
        }
        return bits
    }()

    private static let entityPairs: [(String, UInt32)] = libxml2Entities.split(whereSeparator: \.isWhitespace)
        .map(String.init).chunked()

    /// The entity names (index + 1) to `entityValues`.
    private static let entityTable = HTMLNameTable([""] + entityPairs.map(\.0))
    private static let entityValues: [UInt32] = [0] + entityPairs.map(\.1)

    /// The element names libxml2 2.9.14 knows (`htmlTagLookup` finds them; every other name is an
    /// unknown element to it, with no rule below).
    static let libxml2Known = """
        a abbr acronym address b bdo big blockquote br caption center cite code col colgroup dd del dfn div
        dl dt em font h1 h2 h3 h4 h5 h6 hr i img ins kbd li ol p pre q s samp small span strike strong sub
        sup table tbody td tfoot th thead tr tt u ul var script style frameset noframes param base meta
        link title head noscript select option textarea button iframe frame object embed applet input area
        isindex basefont html body form label fieldset legend dir menu map optgroup
        """

    /// The names among those that libxml2 ends as soon as they start (`htmlElemDesc.empty`).
    static let libxml2Empty = """
        br col hr img param base meta link frame input area isindex basefont
        """

    /// `new: old...`: a start tag `new` ends an open `old` at the top of the stack, again and again
    /// while the new top is one it ends (libxml2's `htmlStartClose`, read from the parser's events).
    static let libxml2StartClose = """
        a: a
        address: p ul
        blockquote: p
        caption: p
        center: b font i p
        col: caption p
        colgroup: caption colgroup p
        dd: address dt p pre xmp listing dir menu
        dir: p
        div: p
        dl: address dt p pre xmp listing dir menu
        dt: address dd p pre xmp listing dir menu
        fieldset: a h1 h2 h3 h4 h5 h6 p pre legend xmp listing
        form: address dl h1 h2 h3 h4 h5 h6 ol p pre ul form xmp listing dir menu
        frameset: p style title
        h1: p
        h2: p
        h3: p
        h4: p
        h5: p
        h6: p
        hr: p
        li: address dl h1 h2 h3 h4 h5 h6 li p pre xmp listing
        listing: p
        menu: p ul
        noscript: script
        ol: p ul
        optgroup: option
        option: option
        p: b big h1 h2 h3 h4 h5 h6 i p s small strike tt u
        pre: p ul
        table: a h1 h2 h3 h4 h5 h6 p pre xmp listing
        tbody: caption colgroup p tbody td tfoot th thead tr
        td: a b font i p span td th u
        tfoot: caption colgroup p tbody td th thead tr
        th: a b font i p span td th u
        thead: caption colgroup
        title: p
        tr: caption colgroup p td th tr
        ul: address ol p pre xmp listing dir menu
        xmp: p
        """

    /// libxml2's HTML 4 entity names and values (`htmlEntityLookup`), "name HEX" pairs.
    static let libxml2Entities = """
        quot 22 amp 26 apos 27 lt 3C gt 3E nbsp A0 iexcl A1 cent A2 pound A3 curren A4 yen A5 brvbar A6
        sect A7 uml A8 copy A9 ordf AA laquo AB not AC shy AD reg AE macr AF deg B0 plusmn B1 sup2 B2
        sup3 B3 acute B4 micro B5 para B6 middot B7 cedil B8 sup1 B9 ordm BA raquo BB frac14 BC frac12 BD
        frac34 BE iquest BF Agrave C0 Aacute C1 Acirc C2 Atilde C3 Auml C4 Aring C5 AElig C6 Ccedil C7
        Egrave C8 Eacute C9 Ecirc CA Euml CB Igrave CC Iacute CD Icirc CE Iuml CF ETH D0 Ntilde D1
        Ograve D2 Oacute D3 Ocirc D4 Otilde D5 Ouml D6 times D7 Oslash D8 Ugrave D9 Uacute DA Ucirc DB
        Uuml DC Yacute DD THORN DE szlig DF agrave E0 aacute E1 acirc E2 atilde E3 auml E4 aring E5
        aelig E6 ccedil E7 egrave E8 eacute E9 ecirc EA euml EB igrave EC iacute ED icirc EE iuml EF eth F0
        ntilde F1 ograve F2 oacute F3 ocirc F4 otilde F5 ouml F6 divide F7 oslash F8 ugrave F9 uacute FA
        ucirc FB uuml FC yacute FD thorn FE yuml FF OElig 152 oelig 153 Scaron 160 scaron 161 Yuml 178
        fnof 192 circ 2C6 tilde 2DC Alpha 391 Beta 392 Gamma 393 Delta 394 Epsilon 395 Zeta 396 Eta 397
        Theta 398 Iota 399 Kappa 39A Lambda 39B Mu 39C Nu 39D Xi 39E Omicron 39F Pi 3A0 Rho 3A1 Sigma 3A3
        Tau 3A4 Upsilon 3A5 Phi 3A6 Chi 3A7 Psi 3A8 Omega 3A9 alpha 3B1 beta 3B2 gamma 3B3 delta 3B4
        epsilon 3B5 zeta 3B6 eta 3B7 theta 3B8 iota 3B9 kappa 3BA lambda 3BB mu 3BC nu 3BD xi 3BE
        omicron 3BF pi 3C0 rho 3C1 sigmaf 3C2 sigma 3C3 tau 3C4 upsilon 3C5 phi 3C6 chi 3C7 psi 3C8
        omega 3C9 thetasym 3D1 upsih 3D2 piv 3D6 ensp 2002 emsp 2003 thinsp 2009 zwnj 200C zwj 200D
        lrm 200E rlm 200F ndash 2013 mdash 2014 lsquo 2018 rsquo 2019 sbquo 201A ldquo 201C rdquo 201D
        bdquo 201E dagger 2020 Dagger 2021 bull 2022 hellip 2026 permil 2030 prime 2032 Prime 2033
        lsaquo 2039 rsaquo 203A oline 203E frasl 2044 euro 20AC image 2111 weierp 2118 real 211C trade 2122
        alefsym 2135 larr 2190 uarr 2191 rarr 2192 darr 2193 harr 2194 crarr 21B5 lArr 21D0 uArr 21D1
        rArr 21D2 dArr 21D3 hArr 21D4 forall 2200 part 2202 exist 2203 empty 2205 nabla 2207 isin 2208
        notin 2209 ni 220B prod 220F sum 2211 minus 2212 lowast 2217 radic 221A prop 221D infin 221E
        ang 2220 and 2227 or 2228 cap 2229 cup 222A int 222B there4 2234 sim 223C cong 2245 asymp 2248
        ne 2260 equiv 2261 le 2264 ge 2265 sub 2282 sup 2283 nsub 2284 sube 2286 supe 2287 oplus 2295
        otimes 2297 perp 22A5 sdot 22C5 lceil 2308 rceil 2309 lfloor 230A rfloor 230B lang 2329 rang 232A
        loz 25CA spades 2660 clubs 2663 hearts 2665 diams 2666
        """
}

extension Array where Element == String {
    /// "name HEX name HEX ..." words as (name, value) pairs.
    fileprivate func chunked() -> [(String, UInt32)] {
        stride(from: 0, to: count - 1, by: 2).compactMap { index in
            UInt32(self[index + 1], radix: 16).map { (self[index], $0) }
        }
    }
}
