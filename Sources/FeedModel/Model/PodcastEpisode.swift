/// What a podcast feed says about one episode beyond its enclosure: the Podcasting 2.0 namespace
/// (`podcast:transcript`, `podcast:chapters`, `podcast:season`, `podcast:episode`, `podcast:person`)
/// and `itunes:episodeType` (`itunes:season` and `itunes:episode` when the podcast tags are absent).
///
/// Untrusted: every text is bounded in length, lists in count, and URLs are absolute http(s) URLs
/// resolved against the base in effect (anything else is dropped).
public struct PodcastEpisode: Sendable, Hashable, Codable {
    /// `itunes:episodeType`, lower-cased: `full`, `trailer` or `bonus` (other values kept as written).
    public var episodeType: String?
    public var season: Int?
    /// `podcast:season`'s `name`.
    public var seasonName: String?
    /// `podcast:episode` (a decimal is allowed), else `itunes:episode`.
    public var episode: Double?
    /// `podcast:episode`'s `display`: how the feed wants the number shown (`Ch. 3`).
    public var episodeDisplay: String?
    public var transcripts: [PodcastTranscript]
    public var chapters: PodcastChapters?
    public var persons: [PodcastPerson]

    public init(
        episodeType: String? = nil, season: Int? = nil, seasonName: String? = nil, episode: Double? = nil,
        episodeDisplay: String? = nil, transcripts: [PodcastTranscript] = [], chapters: PodcastChapters? = nil,
        persons: [PodcastPerson] = []
    ) {
        self.episodeType = episodeType
        self.season = season
        self.seasonName = seasonName
        self.episode = episode
        self.episodeDisplay = episodeDisplay
        self.transcripts = transcripts
        self.chapters = chapters
        self.persons = persons
    }

    /// True when the feed said nothing of these.
    public var isEmpty: Bool {
        episodeType == nil && season == nil && seasonName == nil && episode == nil && episodeDisplay == nil
            && transcripts.isEmpty && chapters == nil && persons.isEmpty
    }

    enum CodingKeys: String, CodingKey {
        case episodeType = "episode_type", season, seasonName = "season_name", episode
        case episodeDisplay = "episode_display", transcripts, chapters, persons
    }
}

/// A transcript file of an episode (`podcast:transcript`).
public struct PodcastTranscript: Sendable, Hashable, Codable {
    public var url: String
    /// The MIME type (`text/vtt`, `application/x-subrip`, `text/html`, `application/json`).
    public var type: String?
    public var language: String?
    /// `captions` when the file is timed captions.
    public var rel: String?

    public init(url: String, type: String? = nil, language: String? = nil, rel: String? = nil) {
        self.url = url
        self.type = type
        self.language = language
        self.rel = rel
    }
}

/// The chapters file of an episode (`podcast:chapters`): JSON chapters, fetched on demand.
public struct PodcastChapters: Sendable, Hashable, Codable {
    public var url: String
    public var type: String?

    public init(url: String, type: String? = nil) {
        self.url = url
        self.type = type
    }
}

/// A person of an episode or of the whole show (`podcast:person`): its text is the name.
public struct PodcastPerson: Sendable, Hashable, Codable {
    public var name: String
    /// `host`, `guest`, … (the namespace's taxonomy; `host` when absent).
    public var role: String?
    /// `cast`, `writing`, … (`cast` when absent).
    public var group: String?
    /// A picture of the person.
    public var img: String?
    /// A page about the person.
    public var href: String?

    public init(name: String, role: String? = nil, group: String? = nil, img: String? = nil, href: String? = nil) {
        self.name = name
        self.role = role
        self.group = group
        self.img = img
        self.href = href
    }
}
