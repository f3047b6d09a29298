import FeedModel
import FeedSync
import Foundation

/// A service's items of one subscription as a feed document, so that they are stored as any fetched
/// feed's entries are (identity, search text, compression, ignore rules). Each entry's guid is the
/// item id's long form, which is how the store finds the article again and gives it its item id.
enum SyncedDocument {
    static func feed(title: String, siteURL: String?, items: [SyncItem]) -> Feed {
        Feed(
            format: .atom10, title: title, homePageURL: siteURL,
            items: items.map { item in
                Article(
                    id: item.id.longForm, url: item.link, title: item.title, contentHTML: item.contentHTML,
                    published: item.published ?? item.crawled, modified: item.updated,
                    authors: item.author.map { [Author(name: $0)] } ?? [])
            })
    }

    /// The guid each item gets, with its id as the store keeps it.
    static func itemIDs(_ items: [SyncItem]) -> [String: Int64] {
        Dictionary(items.map { ($0.id.longForm, $0.id.value) }, uniquingKeysWith: { first, _ in first })
    }
}
