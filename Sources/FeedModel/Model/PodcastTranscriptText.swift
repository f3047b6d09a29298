import Foundation

/// The text of a transcript file (`podcast:transcript`) as cues: WebVTT and SubRip cues with their
/// start times, the namespace's JSON segments (`{"segments": [{"startTime", "speaker", "body"}]}`),
/// and anything else as plain text, one cue per non-empty line. HTML is the caller's to turn into text.
///
/// Untrusted: at most `cueLimit` cues; texts on one line (`FieldValue.oneLine`), at most 2,000
/// characters each; tags inside VTT cues (`<v Name>`, `<i>`) removed.
public enum PodcastTranscriptText {
    /// One piece of the transcript: when it starts (nil in untimed text) and what is said.
    public struct Cue: Sendable, Hashable {
        public var start: Double?
        public var text: String

        public init(start: Double?, text: String) {
            self.start = start
            self.text = text
        }
    }

    static let cueLimit = 100_000
    static let textLimit = 2_000

    /// The cues of `bytes`, read by the MIME `type` the feed gave, else by what the bytes start with.
    public static func cues(_ bytes: [UInt8], type: String?) -> [Cue] {
        let text = String(decoding: bytes, as: UTF8.self)
        let kind = type?.lowercased() ?? ""
        if kind.contains("json") || text.first == "{" { return jsonCues(bytes) ?? plainCues(text) }
        if kind.contains("vtt") || kind.contains("subrip") || kind.contains("srt") || text.hasPrefix("WEBVTT")
            || text.contains("-->")
        {
            return timedCues(text)
        }
        return plainCues(text)
    }

    /// WebVTT or SubRip: blocks separated by blank lines; a block's timing line holds `-->`, its text
    /// follows; header, NOTE and STYLE blocks have no timing line and are skipped.
    static func timedCues(_ text: String) -> [Cue] {
        var cues: [Cue] = []
        var start: Double?
        var words: [String] = []
        func flush() {
            if let start, let line = FieldValue.oneLine(words.joined(separator: " "), limit: textLimit),
                cues.count < cueLimit
            {
                cues.append(Cue(start: start, text: line))
            }
            start = nil
            words = []
        }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                flush()
            } else if let arrow = line.range(of: "-->") {
                flush()
                start = seconds(line[..<arrow.lowerBound])
            } else if start != nil {
                words.append(withoutTags(String(line)))
            }
        }
        flush()
        return cues
    }

    /// `HH:MM:SS.mmm`, `MM:SS.mmm` or with a comma (SubRip) as seconds.
    static func seconds(_ text: Substring) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
            .split(separator: ":")
        guard (2...3).contains(parts.count) else { return nil }
        var total = 0.0
        for part in parts {
            guard let value = Double(part), value >= 0, value.isFinite else { return nil }
            total = total * 60 + value
        }
        return total
    }

    private static func withoutTags(_ line: String) -> String {
        guard line.contains("<") else { return line }
        var out = ""
        var inTag = false
        for c in line {
            if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { out.append(c) }
        }
        return out
    }

    private static func jsonCues(_ bytes: [UInt8]) -> [Cue]? {
        struct File: Decodable {
            struct Segment: Decodable {
                var startTime: Double?
                var speaker: String?
                var body: String?
            }
            var segments: [Segment]
        }
        guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)) else { return nil }
        return file.segments.prefix(cueLimit).compactMap { segment in
            guard let body = FieldValue.oneLine(segment.body, limit: textLimit) else { return nil }
            let speaker = FieldValue.oneLine(segment.speaker, limit: 256).map { $0 + ": " } ?? ""
            return Cue(start: segment.startTime.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }, text: speaker + body)
        }
    }

    private static func plainCues(_ text: String) -> [Cue] {
        text.split(whereSeparator: \.isNewline).prefix(cueLimit).compactMap { line in
            FieldValue.oneLine(String(line), limit: textLimit).map { Cue(start: nil, text: $0) }
        }
    }
}
