/// A file attached to an article: a podcast episode, a video, an image (RSS `enclosure`, Atom
/// `link rel="enclosure"`, Media RSS `media:content`, JSON Feed `attachments`).
public struct Enclosure: Sendable, Hashable, Codable {
    public var url: String
    public var mimeType: String?
    public var title: String?
    public var sizeInBytes: Int64?
    public var durationInSeconds: Double?

    public init(
        url: String, mimeType: String? = nil, title: String? = nil,
        sizeInBytes: Int64? = nil, durationInSeconds: Double? = nil
    ) {
        self.url = url
        self.mimeType = mimeType
        self.title = title
        self.sizeInBytes = sizeInBytes
        self.durationInSeconds = durationInSeconds
    }
}
