import Foundation

/// What the parser has gathered for the feed itself, before precedence is applied.
struct FeedState {
    var feed: Feed
    var atomAuthors: [Author] = []
    var managingEditor: Author?
    var webMaster: Author?
    var creators: [Author] = []
    var itunesAuthor: Author?
    var lastBuildDate: Date?
    var pubDate: Date?
    var atomUpdated: Date?
    var dcDate: Date?
    var itunesSummary: String?
    var itunesSubtitle: String?
    var dcDescription: String?
    var dcTitle: String?
    var dcLanguage: String?
    var itunesImage: String?
    var mediaImage: String?
    var imageURL: String?
    var imageAbout: String?
    var descriptionImage: String?
    var imageTitle: String?
    var imageLink: String?
    var updatePeriod: String?
    var updateFrequency: Int?
    var rootLanguage: String?
    var alternateIsHTML = false
    /// The channel's `podcast:person`s: the people of every episode that names none.
    var podcastPersons: [PodcastPerson] = []

    var authors: [Author] {
        if !atomAuthors.isEmpty { return atomAuthors }
        if var managingEditor {
            // An e-mail address alone takes its name from the channel's itunes:author.
            if managingEditor.name == nil, let name = itunesAuthor?.name { managingEditor.name = name }
            return [managingEditor]
        }
        if let webMaster { return [webMaster] }
        if !creators.isEmpty { return creators }
        if let itunesAuthor { return [itunesAuthor] }
        return []
    }

    /// The feed with precedence applied (items not included).
    var finished: Feed {
        var f = feed
        if f.title == nil { f.title = dcTitle }
        if f.description == nil { f.description = dcDescription ?? itunesSummary ?? itunesSubtitle }
        if f.language == nil { f.language = dcLanguage ?? rootLanguage }
        f.authors = authors
        f.updated = lastBuildDate ?? atomUpdated ?? dcDate ?? pubDate
        if let imageURL = imageURL ?? imageAbout {
            f.image = FeedImage(url: imageURL, title: imageTitle, link: imageLink)
        }
        if f.icon == nil { f.icon = itunesImage ?? imageURL ?? mediaImage }
        if f.image == nil, let url = itunesImage ?? descriptionImage {
            f.image = FeedImage(url: url)
        }
        if let updatePeriod {
            let seconds: Double
            switch updatePeriod.lowercased() {
            case "hourly": seconds = 3600
            case "daily": seconds = 86400
            case "weekly": seconds = 604_800
            case "monthly": seconds = 2_592_000
            case "yearly": seconds = 31_536_000
            default: seconds = 0
            }
            if seconds > 0 { f.updateInterval = seconds / Double(max(1, updateFrequency ?? 1)) }
        } else if let updateFrequency, updateFrequency > 0 {
            f.updateInterval = 86400 / Double(updateFrequency)
        }
        return f
    }
}
