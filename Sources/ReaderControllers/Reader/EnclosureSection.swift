import FeedModel
import FeedStore
import Foundation
import TerminalView

/// The article view's "Enclosures" section: one line per enclosure, numbered `[E1]`, `[E2]` … (the
/// number `2m`, `2O` take), with its type, size, duration and where it stands in the download queue,
/// then its URL as a link.
struct EnclosureSection {
    /// What the queue and the played marks say of an enclosure, by URL: "queued", "downloaded, played" ….
    var notes: [String: String] = [:]

    /// The notes for `enclosures` from the store: the queue entry's state (the downloads view shows
    /// its progress) and the played mark.
    static func notes(for enclosures: [Enclosure], store: FeedStore) throws -> [String: String] {
        guard !enclosures.isEmpty else { return [:] }
        let played = try store.playedDates(urls: enclosures.map(\.url))
        var notes: [String: String] = [:]
        for enclosure in enclosures {
            var parts: [String] = []
            if let entry = try store.download(url: enclosure.url) {
                parts.append(entry.state == .done ? "downloaded" : entry.state.rawValue)
            }
            if played[enclosure.url] != nil { parts.append("played") }
            if !parts.isEmpty { notes[enclosure.url] = parts.joined(separator: ", ") }
        }
        return notes
    }

    /// The section's lines (none without enclosures); `link` styles a URL as the view does.
    func lines(_ enclosures: [Enclosure], theme: ReaderTheme, link: (String) -> Style) -> [StyledLine] {
        guard !enclosures.isEmpty else { return [] }
        var lines = [StyledLine("Enclosures:", style: theme.articleHeader)]
        for (index, enclosure) in enclosures.enumerated() {
            var details: [String] = []
            if let type = enclosure.mimeType { details.append(ReaderFormat.clean(type)) }
            if let size = enclosure.sizeInBytes, size > 0 { details.append(Self.size(size)) }
            if let seconds = enclosure.durationInSeconds, seconds.isFinite, seconds > 0 { details.append(Self.duration(seconds)) }
            if let note = notes[enclosure.url] { details.append(note) }
            let title = ReaderFormat.clean(enclosure.title).nilIfEmpty
            let described = ([title].compactMap { $0 } + details).joined(separator: ", ")
            lines.append(StyledLine("[E\(index + 1)] " + (described.isEmpty ? "enclosure" : described)))
            lines.append(StyledLine(spans: [
                StyledSpan("     "), StyledSpan(ReaderFormat.clean(enclosure.url), style: link(enclosure.url)),
            ]))
        }
        lines.append(StyledLine(""))
        return lines
    }

    /// `45 MB`, `300 KB`, `12 B`.
    static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 20 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KB" }
        return "\(bytes) B"
    }

    /// `1:02:03`, `4:05`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(min(seconds.rounded(), 1e9))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
