import TidingsText

/// A run of text drawn in one style (a hyperlink target, if any, is part of the style).
public struct StyledSpan: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of text made of styled spans. The text is drawn as given: sanitize untrusted text
/// with `TerminalSanitizer` first.
public struct StyledLine: Hashable, Sendable {
    public var spans: [StyledSpan]

    public init(spans: [StyledSpan]) {
        self.spans = spans
    }

    public init(_ text: String, style: Style = .plain) {
        self.spans = [StyledSpan(text, style: style)]
    }

    /// The text without styles.
    public var text: String { spans.map(\.text).joined() }

    /// Width in cells.
    public var width: Int { spans.reduce(0) { $0 + TextWidth.width(of: $1.text) } }

    /// This line broken into lines of at most `width` cells, preferring breaks after spaces; a word
    /// longer than the width is cut. Styles (and hyperlinks) carry over to every piece.
    public func wrapped(toWidth width: Int) -> [StyledLine] {
        guard width > 0 else { return [self] }
        var lines: [StyledLine] = []
        var current: [(Character, Int, Style)] = []
        var currentWidth = 0
        var lastSpace: Int?  // index in `current` just after the last space
        for span in spans {
            for character in span.text {
                let w = TextWidth.width(of: character)
                if currentWidth + w > width, !current.isEmpty {
                    let cut = (lastSpace ?? current.count) > 0 ? (lastSpace ?? current.count) : current.count
                    lines.append(StyledLine.build(current[..<cut], trimTrailingSpace: true))
                    current = Array(current[cut...])
                    currentWidth = current.reduce(0) { $0 + $1.1 }
                    lastSpace = nil
                    if currentWidth == 0, character == " " { continue }
                }
                current.append((character, w, span.style))
                currentWidth += w
                if character == " " { lastSpace = current.count }
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(StyledLine.build(current[...], trimTrailingSpace: false)) }
        return lines
    }

    private static func build(_ characters: ArraySlice<(Character, Int, Style)>, trimTrailingSpace: Bool) -> StyledLine {
        var pieces = characters
        if trimTrailingSpace { while pieces.last?.0 == " " { pieces.removeLast() } }
        var spans: [StyledSpan] = []
        for (character, _, style) in pieces {
            if let last = spans.last, last.style == style {
                spans[spans.count - 1].text.append(character)
            } else {
                spans.append(StyledSpan(String(character), style: style))
            }
        }
        return StyledLine(spans: spans)
    }
}
