import FeedStore
import Foundation

/// The file name of a downloaded episode: `download_filename_format` filled in, then made safe.
///
/// Placeholders: `%n` the feed's title, `%t` the episode's title, `%d` its date (YYYY-MM-DD), `%e` the
/// extension (from the URL, else the media type, else `bin`), `%u` the URL's own file name without
/// its extension, `%%` a percent sign. A safe name has no `/`, no control characters, does not start
/// with `.` or `-`, and has at most `maxBytes` bytes of UTF-8 (cut on a character boundary, the
/// extension kept), so that `NAME.part` fits the file system's 255 bytes too.
enum DownloadFileName {
    static let maxBytes = 250

    /// The name for `download` under `format`, safe, without any folder.
    static func name(for download: StoredDownload, format: String) -> String {
        let ext = self.ext(url: download.url, mimeType: download.mimeType)
        var result = ""
        var pending = false
        for character in format {
            if pending {
                pending = false
                switch character {
                case "n": result += part(download.feedTitle, fallback: "feed")
                case "t": result += part(download.articleTitle, fallback: "episode")
                case "d": result += download.published.map(Self.day) ?? "undated"
                case "e": result += ext
                case "u": result += part(urlStem(download.url), fallback: "episode")
                case "%": result += "%"
                default: result += "%" + String(character)
                }
            } else if character == "%" {
                pending = true
            } else {
                result.append(character)
            }
        }
        if pending { result += "%" }
        return safe(result, ext: ext)
    }

    /// `name` with a suffix before its extension: `Episode (2).mp3`.
    static func numbered(_ name: String, _ number: Int) -> String {
        let dot = name.lastIndex(of: ".")
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { String(name[$0...]) } ?? ""
        return fit(stem + " (\(number))", ext: ext)
    }

    /// A placeholder's value: one line, no slashes, or `fallback` when there is nothing.
    private static func part(_ text: String?, fallback: String) -> String {
        let cleaned = (text ?? "").replacingOccurrences(of: "/", with: "_").trimmingCharacters(in: .whitespacesAndNewlines)
        return cleaned.isEmpty ? fallback : cleaned
    }

    /// Every `/` becomes `_`, control characters go, a leading `.` or `-` (or white space) goes, and
    /// the name is cut to `maxBytes`.
    static func safe(_ text: String, ext: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: continue
            case 0x2F: scalars.append("_")
            default: scalars.append(scalar)
            }
        }
        var name = Substring(String(scalars))
        while let first = name.first, first == "." || first == "-" || first.isWhitespace { name = name.dropFirst() }
        while let last = name.last, last.isWhitespace { name = name.dropLast() }
        if name.isEmpty || name == "." + ext { name = Substring("episode." + ext) }
        let dotExt = "." + ext
        return name.hasSuffix(dotExt) ? fit(String(name.dropLast(dotExt.count)), ext: dotExt) : fit(String(name), ext: "")
    }

    /// `stem + ext`, the stem cut on a character boundary so the whole is at most `maxBytes` bytes.
    private static func fit(_ stem: String, ext: String) -> String {
        let room = maxBytes - ext.utf8.count
        guard stem.utf8.count > room else { return stem + ext }
        var cut = ""
        for character in stem {
            guard cut.utf8.count + character.utf8.count <= room else { break }
            cut.append(character)
        }
        return cut + ext
    }

    /// The extension: the URL's (letters and digits, at most 8), else one for the media type, else `bin`.
    static func ext(url: String, mimeType: String?) -> String {
        let path = URL(string: url)?.path ?? ""
        let last = (path as NSString).pathExtension.lowercased()
        if !last.isEmpty, last.count <= 8, last.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) {
            return last
        }
        let types = [
            "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/mp4": "m4a", "audio/x-m4a": "m4a", "audio/aac": "aac",
            "audio/ogg": "ogg", "audio/opus": "opus", "audio/flac": "flac", "audio/wav": "wav", "video/mp4": "mp4",
            "video/webm": "webm", "application/pdf": "pdf",
        ]
        return mimeType.flatMap { types[$0.lowercased()] } ?? "bin"
    }

    private static func urlStem(_ url: String) -> String? {
        guard let last = URL(string: url)?.lastPathComponent, !last.isEmpty, last != "/" else { return nil }
        return (last as NSString).deletingPathExtension
    }

    private static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
