import Foundation
import XCTest

extension TmuxSession {
    /// Searches everything for `search` with `/` and opens the first article found.
    func openFirstSearchResult(_ search: String) throws {
        try send("/")
        try waitFor(text: "Search:")
        try send(search, literal: true)
        try send("Enter")
        try waitFor(text: "Tidings: Search: \(search)")
        try send("Enter")
    }
}
