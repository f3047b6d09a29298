import Foundation

/// The podcast namespace and iTunes episode tags: attributes are read at the start tag, text (a
/// number, a person's name) when the capture ends. Values are bounded here, as they are untrusted.
extension FeedBuilder {
    /// At most this many transcripts and persons an entry keeps; further ones are dropped.
    static let podcastListLimit = 32
    /// At most this many characters a name, role or type keeps.
    static let podcastTextLimit = 256
    /// A URL longer than this (in UTF-8 bytes) is dropped.
    static let podcastURLLimit = 4096

    /// A podcast element inside an entry: attribute-only ones are stored now, the others captured.
    mutating func startPodcastInItem(tag: FeedTag, depth: Int, attributes: XMLAttributes) {
        switch tag {
        case .podcastTranscript:
            guard item.podcast.transcripts.count < Self.podcastListLimit,
                let url = podcastURL(attributes.value("url"))
            else { return }
            item.podcast.transcripts.append(PodcastTranscript(
                url: url, type: Self.podcastText(attributes.value("type")),
                language: Self.podcastText(attributes.value("language")).map(FieldValue.languageTag),
                rel: Self.podcastText(attributes.value("rel"))))
        case .podcastChapters:
            if item.podcast.chapters == nil, let url = podcastURL(attributes.value("url")) {
                item.podcast.chapters = PodcastChapters(url: url, type: Self.podcastText(attributes.value("type")))
            }
        case .podcastSeason:
            if item.podcast.seasonName == nil { item.podcast.seasonName = Self.podcastText(attributes.value("name")) }
            begin(tag, depth)
        case .podcastEpisode:
            if item.podcast.episodeDisplay == nil {
                item.podcast.episodeDisplay = Self.podcastText(attributes.value("display"))
            }
            begin(tag, depth)
        case .podcastPerson:
            startPerson(attributes)
            begin(tag, depth)
        default:
            begin(tag, depth)
        }
    }

    /// A channel's `podcast:person`: the show's people, for episodes that name none of their own.
    mutating func startPodcastInFeed(depth: Int, attributes: XMLAttributes) {
        startPerson(attributes)
        begin(.podcastPerson, depth)
    }

    private mutating func startPerson(_ attributes: XMLAttributes) {
        pendingPerson = PodcastPerson(
            name: "", role: Self.podcastText(attributes.value("role"))?.lowercased(),
            group: Self.podcastText(attributes.value("group"))?.lowercased(),
            img: podcastURL(attributes.value("img")), href: podcastURL(attributes.value("href")))
    }

    /// The text of a captured podcast or iTunes episode element inside an entry.
    mutating func assignPodcastItem(_ tag: FeedTag, _ value: String) {
        switch tag {
        case .podcastSeason: if item.podcast.season == nil { item.podcast.season = Self.podcastInteger(value) }
        case .podcastEpisode: if item.podcast.episode == nil { item.podcast.episode = Self.podcastNumber(value) }
        case .itunesSeason: if item.itunesSeason == nil { item.itunesSeason = Self.podcastInteger(value) }
        case .itunesEpisode: if item.itunesEpisode == nil { item.itunesEpisode = Self.podcastInteger(value).map(Double.init) }
        case .itunesEpisodeType:
            if item.podcast.episodeType == nil { item.podcast.episodeType = Self.podcastText(value)?.lowercased() }
        case .podcastPerson:
            if var person = pendingPerson.take(), item.podcast.persons.count < Self.podcastListLimit,
                let name = Self.podcastText(FieldText.plain(value))
            {
                person.name = name
                item.podcast.persons.append(person)
            }
        default: break
        }
    }

    /// The text of a channel's `podcast:person`.
    mutating func assignPodcastFeed(_ value: String) {
        if var person = pendingPerson.take(), state.podcastPersons.count < Self.podcastListLimit,
            let name = Self.podcastText(FieldText.plain(value))
        {
            person.name = name
            state.podcastPersons.append(person)
        }
    }

    /// An absolute http or https URL for an attribute, resolved against the base in effect; nil for
    /// any other scheme (`javascript:`, `file:`, `data:`) and for an overlong one.
    private func podcastURL(_ value: String?) -> String? {
        guard let value = FieldValue.nonEmpty(value), value.utf8.count <= Self.podcastURLLimit else { return nil }
        let url = Self.resolved(frames, value)
        guard url.utf8.count <= Self.podcastURLLimit, let colon = url.firstIndex(of: ":") else { return nil }
        switch url[..<colon].lowercased() {
        case "http", "https": return url
        default: return nil
        }
    }

    /// The text on one line, at most `podcastTextLimit` characters (`FieldValue.oneLine`).
    static func podcastText(_ value: String?) -> String? {
        FieldValue.oneLine(value, limit: podcastTextLimit)
    }

    /// A season or episode number: a whole number from 0 to 1,000,000.
    static func podcastInteger(_ value: String) -> Int? {
        guard let n = Int(FieldValue.trimmedSpaces(value)), (0...1_000_000).contains(n) else { return nil }
        return n
    }

    /// `podcast:episode`'s number: a decimal from 0 to 1,000,000.
    static func podcastNumber(_ value: String) -> Double? {
        guard let n = Double(FieldValue.trimmedSpaces(value)), n.isFinite, (0...1_000_000).contains(n) else { return nil }
        return n
    }
}
