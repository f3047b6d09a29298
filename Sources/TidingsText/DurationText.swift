import Foundation

/// The duration notation of the feed list's refresh intervals and of `export --since`: one or more
/// number-and-unit parts, `90s`, `30m`, `6h`, `1d`, `1w`, `1d12h`, `1.5h` (units s, m, h, d, w, any case).
public enum DurationText {
    /// Seconds for `text` (surrounding white space ignored), or nil when it is not a duration. A bare
    /// number is read in `bareNumberUnit` seconds when one is given (the feed list's minutes), else
    /// rejected. Negative, infinite and absurd (over a billion of a unit) values are rejected.
    public static func parse(_ text: String, bareNumberUnit: TimeInterval? = nil) -> TimeInterval? {
        let text = text.trimmingCharacters(in: .whitespaces)
        var total: TimeInterval = 0
        var number = ""
        var parts = 0
        var spaceAfterNumber = false
        for character in text {
            if character.isASCII, character.isNumber || character == "." {
                guard !spaceAfterNumber else { return nil }
                number.append(character)
                continue
            }
            if character == " ", !number.isEmpty {
                spaceAfterNumber = true  // `6 h`, as feed lists have written it
                continue
            }
            spaceAfterNumber = false
            guard let unit = unitSeconds(character), let value = Double(number), value <= 1e9 else { return nil }
            total += value * unit
            number = ""
            parts += 1
        }
        if !number.isEmpty {
            guard parts == 0, let unit = bareNumberUnit, let value = Double(number), value <= 1e9 else { return nil }
            return value * unit
        }
        return parts > 0 && total.isFinite ? total : nil
    }

    /// The shortest notation in one unit that `parse` reads back: `2d`, `36h`, `90m`, `45s` (at least `1s`).
    public static func format(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        if whole > 0, whole % 86400 == 0 { return "\(whole / 86400)d" }
        if whole > 0, whole % 3600 == 0 { return "\(whole / 3600)h" }
        if whole > 0, whole % 60 == 0 { return "\(whole / 60)m" }
        return "\(max(whole, 1))s"
    }

    private static func unitSeconds(_ character: Character) -> TimeInterval? {
        switch character {
        case "s", "S": return 1
        case "m", "M": return 60
        case "h", "H": return 3600
        case "d", "D": return 86400
        case "w", "W": return 604_800
        default: return nil
        }
    }
}
