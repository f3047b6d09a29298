/// Display width of text in terminal cells, independent of the process locale: the one width table, used
/// both to wrap article text (FeedModel) and to draw it (TerminalView), so lines never wrap at one width and
/// draw at another.
///
/// Widths are those of terminals that count code points with wcwidth (tmux, xterm, VTE): wide and
/// fullwidth East Asian characters (UAX #11) and emoji-presentation code points 2, combining marks and
/// other zero-width characters 0, everything else 1 (a spacing vowel sign of Devanagari or Tamil too).
/// A grapheme cluster takes the sum of its code points, except that one after a zero width joiner joins
/// the cell before it; the emoji presentation selector widens nothing, and a skin tone modifier takes
/// cells of its own. Control characters count 1: the terminal view draws them as U+FFFD. The table is
/// self-contained, so results are the same in every locale and need no `setlocale`.
public enum TextWidth {
    /// Cells needed to draw `text` (control characters count 1: they are drawn as U+FFFD).
    public static func width(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// Cells needed to draw one grapheme cluster (0 for a lone combining mark; 3 or more for an Indic
    /// conjunct or an emoji with a skin tone, as the terminal counts them).
    public static func width(of character: Character) -> Int {
        var total = 0
        var joined = false
        for scalar in character.unicodeScalars {
            if joined {
                joined = false  // the code point after a zero width joiner shares its predecessor's cells
                continue
            }
            if scalar.value == 0x200D {
                joined = true
                continue
            }
            total += width(of: scalar)
        }
        return total
    }

    /// Cells for one code point outside any cluster.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return 1 }
        if value < 0xA0 { return 1 }  // C1 controls are drawn as a replacement character
        if value == 0xAD { return 1 }  // the soft hyphen is drawn as a hyphen
        if isZeroWidth(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }  // a regional indicator: a flag is two of them
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// `text` cut to at most `maxWidth` cells, ending in "…" when something was cut.
    public static func truncate(_ text: String, toWidth maxWidth: Int) -> String {
        guard maxWidth > 0 else { return "" }
        var used = 0
        var endOfFit = text.startIndex  // end of the prefix that fits in maxWidth - 1 cells
        var index = text.startIndex
        while index < text.endIndex {
            let w = width(of: text[index])
            if used + w > maxWidth {
                return String(text[..<endOfFit]) + "…"
            }
            used += w
            index = text.index(after: index)
            if used <= maxWidth - 1 { endOfFit = index }
        }
        return text
    }

    /// `text` truncated to `width` cells and padded with spaces to exactly `width`, aligned as asked.
    public static func fit(_ text: String, width: Int, alignment: TextAlignment = .left) -> String {
        let cut = truncate(text, toWidth: width)
        let gap = max(0, width - self.width(of: cut))
        switch alignment {
        case .left: return cut + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + cut
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: gap - left)
        }
    }

    private static func isZeroWidth(_ value: UInt32) -> Bool {
        (0x1160...0x11FF).contains(value)  // Hangul medial vowels and final consonants (conjoining)
            || value == 0x200B  // zero width space
            || (0xFE00...0xFE0F).contains(value)  // variation selectors
            || (0xE0100...0xE01EF).contains(value)
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, UAX #11) plus the emoji blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0,
        0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}

/// Horizontal alignment of text inside a fixed width.
public enum TextAlignment: Sendable {
    case left, right, center
}
