/// The formats a feed list is exported in.
public enum SubscriptionsFormat: String, Sendable, CaseIterable {
    case opml, urls
}
