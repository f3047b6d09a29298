/// A person or organisation credited with a feed or an article.
///
/// An author known only by an e-mail address carries it as `url` "mailto:ADDRESS" when written out;
/// `email` keeps the bare address for callers that want it.
public struct Author: Sendable, Hashable, Codable {
    public var name: String?
    public var url: String?
    public var email: String?
    public var avatar: String?

    public init(name: String? = nil, url: String? = nil, email: String? = nil, avatar: String? = nil) {
        self.name = name
        self.url = url
        self.email = email
        self.avatar = avatar
    }

    /// True when no field carries anything.
    public var isEmpty: Bool { name == nil && url == nil && email == nil && avatar == nil }
}
