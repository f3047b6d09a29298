import TidingsText

/// A centred, bordered box listing key bindings (the `?` screen), drawn over whatever is below.
/// Scrolls when the entries do not fit: the controller keeps the offset. A value: build it when
/// the bindings are known.
public struct HelpOverlay: Hashable, Sendable {
    /// One line of help: the keys (e.g. "j, down") and what they do.
    public struct Entry: Hashable, Sendable {
        public var keys: String
        public var description: String

        public init(keys: String, description: String) {
            self.keys = keys
            self.description = description
        }
    }

    public var title: String
    public var entries: [Entry]
    public var style: Style
    package var keyStyle: Style

    public init(title: String, entries: [Entry], style: Style = .plain, keyStyle: Style = .bold) {
        self.title = title
        self.entries = entries
        self.style = style
        self.keyStyle = keyStyle
    }

    /// Draws the box centred in `frame`, showing entries from `offset` (clamped to keep the box full).
    public func draw(into buffer: inout ScreenBuffer, frame: Rect, offset: inout Int) {
        guard frame.width >= 6, frame.height >= 3 else { return }
        let keysWidth = min(entries.map { TextWidth.width(of: $0.keys) }.max() ?? 0, frame.width / 3)
        let descriptionWidth = entries.map { TextWidth.width(of: $0.description) }.max() ?? 0
        let inner = min(frame.width - 2, max(keysWidth + 2 + descriptionWidth, TextWidth.width(of: title) + 2) + 2)
        let visible = min(entries.count, frame.height - 2)
        let box = Rect(x: frame.x + (frame.width - inner - 2) / 2, y: frame.y + (frame.height - visible - 2) / 2, width: inner + 2, height: visible + 2)
        offset = min(max(0, offset), entries.count - visible)
        buffer.fill(box, style: style)
        let horizontal = String(repeating: "─", count: inner)
        buffer.write("┌" + horizontal + "┐", x: box.x, y: box.y, style: style)
        buffer.write(" \(title) ", x: box.x + 2, y: box.y, style: style.merged(with: .bold), maxWidth: inner - 2)
        for row in 0..<visible {
            let entry = entries[offset + row]
            let y = box.y + 1 + row
            buffer.write("│", x: box.x, y: y, style: style)
            buffer.write("│", x: box.maxX - 1, y: y, style: style)
            buffer.write(entry.keys, x: box.x + 2, y: y, style: style.merged(with: keyStyle), maxWidth: keysWidth)
            buffer.write(entry.description, x: box.x + 4 + keysWidth, y: y, style: style, maxWidth: max(0, inner - keysWidth - 4))
        }
        buffer.write("└" + horizontal + "┘", x: box.x, y: box.maxY - 1, style: style)
        if offset + visible < entries.count {
            buffer.write(" more ↓ ", x: box.maxX - 10, y: box.maxY - 1, style: style, maxWidth: 8)
        }
    }
}
