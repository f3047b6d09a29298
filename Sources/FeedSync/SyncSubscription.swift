/// One feed an account is subscribed to, as the service describes it.
public struct SyncSubscription: Sendable, Hashable {
    /// The service's id: `feed/…` on Google Reader APIs, a decimal on Fever.
    public var id: String
    /// The feed's own address.
    public var url: String
    public var title: String
    /// The labels (Google Reader) or groups (Fever) it is in: Tidings shows them as folders.
    public var labels: [String]
    /// The web site the feed belongs to, when the service knows it.
    public var siteURL: String?

    public init(id: String, url: String, title: String, labels: [String] = [], siteURL: String? = nil) {
        self.id = id
        self.url = url
        self.title = title
        self.labels = labels
        self.siteURL = siteURL
    }
}

/// Everything an account is subscribed to, and every label it has (some may hold no feed).
public struct SyncSubscriptions: Sendable, Hashable {
    public var subscriptions: [SyncSubscription]
    public var labels: [String]

    public init(subscriptions: [SyncSubscription], labels: [String]) {
        self.subscriptions = subscriptions
        self.labels = labels
    }
}
