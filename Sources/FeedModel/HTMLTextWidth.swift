/// How many terminal cells text takes: East Asian wide and full-width characters and emoji take two,
/// combining marks and joiners none, everything else one.
///
/// FeedModel cannot use TerminalView's `wcwidth`, so this is a small table of its own, applied per
/// grapheme cluster (so that flags, ZWJ sequences and skin tones count as one emoji).
enum HTMLTextWidth {
    static func cells(_ text: some StringProtocol) -> Int {
        var ascii = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            ascii = false
            break
        }
        if ascii { return text.utf8.count }
        var total = 0
        for character in text { total += cells(character) }
        return total
    }

    static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if scalars.count > 1 {
            for scalar in scalars where scalar.value == 0xFE0F || scalar.value == 0x200D {
                return first.properties.isEmoji ? 2 : cells(first)
            }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        }
        return cells(first)
    }

    static func cells(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0xA0 { return value < 0x20 || value >= 0x7F ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wideRanges where range.contains(value) { return 2 }
        return 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
