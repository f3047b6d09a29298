/// Why a newsboat `query:` source did not become a query feed.
public enum NewsboatQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    case notAQuery(String)
    /// The part of the condition Tidings' query language has no translation for.
    case untranslatable(name: String, part: String)

    public var description: String {
        switch self {
        case .notAQuery(let source): return "\"\(source)\" is not a newsboat query feed (query:Name:condition)"
        case .untranslatable(let name, let part): return "query feed \"\(name)\": cannot translate \(part)"
        }
    }
}
