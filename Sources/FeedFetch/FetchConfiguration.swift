/// Limits and identity for a `FeedFetcher`; the defaults suit a refresh of hundreds of feeds.
public struct FetchConfiguration: Sendable, Hashable {
    /// Transfers running at once across all hosts.
    public var maxConcurrent: Int = 32
    /// Transfers (and connections) running at once to one scheme, host and port.
    public var maxPerHost: Int = 4
    /// Seconds allowed to establish a connection (TCP and TLS).
    public var connectTimeout: Double = 10
    /// Seconds allowed for a whole transfer, redirects included.
    public var totalTimeout: Double = 60
    /// A transfer slower than this many bytes per second for `lowSpeedTime` seconds is aborted.
    public var lowSpeedLimit: Int = 32
    /// Seconds below `lowSpeedLimit` before aborting; 0 turns the check off.
    public var lowSpeedTime: Int = 20
    /// Maximum body size, counted on the decompressed bytes.
    public var maxBodyBytes: Int = 16 * 1024 * 1024
    /// Maximum size of all response headers of a transfer, redirect hops included.
    public var maxHeaderBytes: Int = 256 * 1024
    public var maxRedirects: Int = 8
    public var userAgent: String = FetchConfiguration.userAgent(version: "0.1")
    /// A PEM file of CA certificates to verify servers with, instead of the system store.
    public var caBundlePath: String?

    public init() {}

    /// The User-Agent Tidings sends: the product, its version and where to read about it.
    public static func userAgent(version: String) -> String {
        "Tidings/\(version) (+https://github.com/tidings-reader/tidings)"
    }
}
