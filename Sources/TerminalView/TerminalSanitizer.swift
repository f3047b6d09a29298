import TidingsText

/// Cleans untrusted text (anything from a feed) before it is drawn.
///
/// Removes escape sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte escapes, in 7-bit and C1
/// form), other C0/C1 control characters and DEL, and the bidi embedding/override/isolate controls
/// and marks, so text can neither drive the terminal nor reorder the rest of the row. Tabs become
/// spaces; line breaks become spaces in single-line text, or separate lines in `lines(of:)`.
public enum TerminalSanitizer {
    /// One line of drawable text: breaks and tabs become spaces, runs of spaces collapse to one, and
    /// leading/trailing white space is trimmed.
    public static func singleLine(_ text: String) -> String {
        if isPlainASCII(text) { return text }
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        clean(text) { piece in
            switch piece {
            case .scalar(" "):
                pendingSpace = true
            case .scalar(let scalar):
                if pendingSpace, !output.isEmpty { output.append(" ") }
                pendingSpace = false
                output.append(scalar)
            case .space, .lineBreak:
                pendingSpace = true
            }
        }
        return String(output)
    }

    /// One line of text already laid out (indentation, columns, preformatted code): cleaned like
    /// `singleLine`, but its spaces are kept where they are; breaks and tabs become one space each.
    public static func laidOutLine(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var output = String.UnicodeScalarView()
        clean(text) { piece in
            switch piece {
            case .scalar(let scalar): output.append(scalar)
            case .space, .lineBreak: output.append(" ")
            }
        }
        return String(output)
    }

    /// Drawable lines: each line break starts a new line and tabs expand to the next multiple of
    /// `tabWidth` cells.
    public static func lines(of text: String, tabWidth: Int = 8) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var column = 0
        clean(text) { piece in
            switch piece {
            case .scalar(let scalar):
                current.append(scalar)
                column += TextWidth.width(of: scalar)
            case .space:
                let spaces = max(1, tabWidth - column % max(1, tabWidth))
                for _ in 0..<spaces { current.append(" ") }
                column += spaces
            case .lineBreak:
                lines.append(String(current))
                current = String.UnicodeScalarView()
                column = 0
            }
        }
        lines.append(String(current))
        return lines
    }

    /// True when the scalar must never reach the terminal as is.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || isBidiControl(value)
    }

    private enum Piece {
        case scalar(Unicode.Scalar)
        case space
        case lineBreak
    }

    /// Printable ASCII without leading, trailing or doubled spaces: already clean.
    private static func isPlainASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
    }

    private static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// Walks the scalars of `text`, skipping sequences and controls, reporting what remains.
    private static func clean(_ text: String, _ emit: (Piece) -> Void) {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let value = scalars[i].value
            switch value {
            case 0x1B:
                i = skipEscape(scalars, from: i)
                continue
            case 0x9B:
                i = skipControlSequence(scalars, from: i + 1)
                continue
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                i = skipControlString(scalars, from: i + 1)
                continue
            case 0x0D:
                emit(.lineBreak)
                if i + 1 < scalars.count, scalars[i + 1].value == 0x0A { i += 1 }
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                emit(.lineBreak)
            case 0x09:
                emit(.space)
            default:
                if !isUnsafe(scalars[i]) { emit(.scalar(scalars[i])) }
            }
            i += 1
        }
    }

    /// Index after the escape sequence starting with ESC at `start`.
    private static func skipEscape(_ s: [Unicode.Scalar], from start: Int) -> Int {
        let next = start + 1
        guard next < s.count else { return next }
        switch s[next] {
        case "[": return skipControlSequence(s, from: next + 1)
        case "]", "P", "X", "^", "_": return skipControlString(s, from: next + 1)
        default:
            var i = next
            while i < s.count, (0x20...0x2F).contains(s[i].value) { i += 1 }  // intermediates
            return min(s.count, i + 1)  // the final byte
        }
    }

    /// Index after a CSI's parameters, intermediates and final byte.
    private static func skipControlSequence(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        while i < s.count {
            let value = s[i].value
            if (0x40...0x7E).contains(value) { return i + 1 }
            if !(0x20...0x3F).contains(value) { return i }  // malformed: stop, let the rest be cleaned
            i += 1
        }
        return i
    }

    /// Index after a control string ended by BEL, ST (ESC \) or C1 ST.
    private static func skipControlString(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        while i < s.count {
            switch s[i].value {
            case 0x07, 0x9C: return i + 1
            case 0x1B:
                if i + 1 < s.count, s[i + 1] == "\\" { return i + 2 }
                return i  // a new escape aborts the string
            default: i += 1
            }
        }
        return i
    }
}
