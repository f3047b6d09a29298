/// How an article's content is to be read: plain text, escaped HTML, or inline XHTML (Atom's `type`).
public enum ContentType: String, Sendable, Hashable, Codable {
    case text
    case html
    case xhtml
}
