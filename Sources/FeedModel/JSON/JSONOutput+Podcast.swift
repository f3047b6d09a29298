import FeedHTML

/// Writes an episode's podcast details as the `podcast` member of an item's `_tidings` object (the
/// names are those `docs/cli-contract.md` lists; absent values are left out).
extension JSONOutput {
    mutating func podcast(_ p: PodcastEpisode, level: Int) {
        object(level: level) { out, f in
            let inner = level + 1
            out.field("episode_type", p.episodeType, level: inner, first: &f)
            if let v = p.season { out.key("season", level: inner, first: &f); out.integer(Int64(v)) }
            out.field("season_name", p.seasonName, level: inner, first: &f)
            if let v = p.episode { out.key("episode", level: inner, first: &f); out.number(v) }
            out.field("episode_display", p.episodeDisplay, level: inner, first: &f)
            out.objects("transcripts", p.transcripts, level: inner, first: &f) { out, t, g in
                out.field("url", t.url, level: inner + 2, first: &g)
                out.field("type", t.type, level: inner + 2, first: &g)
                out.field("language", t.language, level: inner + 2, first: &g)
                out.field("rel", t.rel, level: inner + 2, first: &g)
            }
            if let chapters = p.chapters {
                out.key("chapters", level: inner, first: &f)
                out.object(level: inner) { out, g in
                    out.field("url", chapters.url, level: inner + 1, first: &g)
                    out.field("type", chapters.type, level: inner + 1, first: &g)
                }
            }
            out.objects("persons", p.persons, level: inner, first: &f) { out, person, g in
                out.field("name", person.name, level: inner + 2, first: &g)
                out.field("role", person.role, level: inner + 2, first: &g)
                out.field("group", person.group, level: inner + 2, first: &g)
                out.field("img", person.img, level: inner + 2, first: &g)
                out.field("href", person.href, level: inner + 2, first: &g)
            }
        }
    }
}
