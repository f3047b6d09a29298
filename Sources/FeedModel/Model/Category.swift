/// A category or tag of a feed or article, with the scheme (taxonomy URL or RSS `domain`) when known.
public struct Category: Sendable, Hashable, Codable {
    public var term: String
    public var scheme: String?
    public var label: String?

    public init(term: String, scheme: String? = nil, label: String? = nil) {
        self.term = term
        self.scheme = scheme
        self.label = label
    }
}
