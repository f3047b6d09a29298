import CLibXML2

/// Makes untrusted article HTML safe to store, export or hand to a browser.
///
/// The HTML is parsed by libxml2's HTML parser (recover mode, no network) and written back through
/// the allow-list in `HTMLAllowList`, with the input's structure minus what is unsafe: scripts,
/// styles, forms' controls, `base`, `meta`, `link`, SVG and MathML are removed with their content;
/// `embed`, `frame` and other void elements are removed and what follows them stays; `object`,
/// `iframe`, `applet` and unknown elements lose their tags but keep their (fallback) text; only
/// attributes that carry meaning survive (never `on*`, `style`, `id`); URLs must use a safe scheme
/// (`javascript:`, `vbscript:`, `data:` are removed, except `data:` raster images in `img src`) and
/// relative ones are resolved against `baseURL`. The elements the parser implies (`html`, `body`,
/// a `p` around stray text) are not written. Text and attribute values are escaped by this type, so
/// the output is well-formed whatever came in, and sanitizing it again changes nothing. Comments and
/// control characters are dropped.
///
/// The parser's SAX events are written straight into the output (see `SanitizingHandler`); no
/// document tree is built. Stateless and thread-safe: each call parses with its own parser context.
public enum HTMLSanitizer {
    /// Output nesting deeper than this keeps the text but drops further tags.
    package static let maximumDepth = 128

    /// Returns the safe form of `html`, with relative URLs resolved against `baseURL`.
    public static func sanitize(_ html: String, baseURL: String?) -> String {
        if html.isEmpty { return "" }
        var text = html
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count < Int(Int32.max) else { return "" }
            return SanitizingHandler.sanitize(base, count: buffer.count, baseURL: baseURL)
        }
    }
}
