import FeedHTML

/// Article bodies written by FeedHTML's JSON writer, which knows nothing of feeds.
extension JSONOutput {
    /// A body field as a JSON string, from its bytes when it has them.
    mutating func text(_ value: ArticleBody.Text) {
        switch value {
        case .string(let s): string(s)
        case .bytes(let b): string(bytes: b)
        }
    }
}
