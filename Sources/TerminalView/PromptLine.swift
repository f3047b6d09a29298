import TidingsText

/// A one-line text input with a prompt (search `/`, tag choice): insert at the cursor, Left/Right,
/// Home/End (and ^A/^E), Backspace, Delete, ^U (clear to start), ^K (clear to end), ^W (delete word),
/// paste, Enter to submit and Escape/^C/^G to cancel. A value owned by the controller.
public struct PromptLine: Hashable, Sendable {
    /// What `handle` made of an event.
    public enum Outcome: Hashable, Sendable {
        /// Still editing (the event changed the text or cursor, or was ignored).
        case editing
        /// Enter: the text, as typed.
        case submitted(String)
        /// Escape, ^C or ^G.
        case cancelled
    }

    public var prompt: String
    public private(set) var text: [Character]
    /// Cursor position, in characters from the start of `text`.
    package private(set) var cursor: Int
    public var style: Style

    public init(prompt: String, text: String = "", style: Style = .plain) {
        self.prompt = prompt
        self.text = Array(text)
        self.cursor = self.text.count
        self.style = style
    }

    /// The current input.
    public var value: String { String(text) }

    /// Applies one input event to the text.
    public mutating func handle(_ event: InputEvent) -> Outcome {
        switch event {
        case .key(let key): return handle(key)
        case .paste(let pasted):
            insert(pasted)
            return .editing
        default: return .editing
        }
    }

    private mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter: return .submitted(value)
        case .escape, .ctrl("c"), .ctrl("g"): return .cancelled
        case .character(let character): insert(String(character))
        case .backspace, .ctrl("h"):
            if cursor > 0 {
                text.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete, .ctrl("d"):
            if cursor < text.count { text.remove(at: cursor) }
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .ctrl("u"):
            text.removeFirst(cursor)
            cursor = 0
        case .ctrl("k"):
            text.removeLast(text.count - cursor)
        case .ctrl("w"):
            var start = cursor
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        default: break
        }
        return .editing
    }

    /// Inserts typed or pasted text at the cursor: escape sequences and controls are dropped, line
    /// breaks and tabs become spaces.
    private mutating func insert(_ string: String) {
        let cleaned = TerminalSanitizer.lines(of: string, tabWidth: 1).joined(separator: " ")
        let inserted = Array(cleaned)
        text.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
    }

    /// Draws prompt and text on row `frame.y`, scrolled horizontally so the cursor is visible, and
    /// places the buffer's cursor there.
    public func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        guard frame.height > 0, frame.width > 0 else { return }
        buffer.fill(Rect(x: frame.x, y: frame.y, width: frame.width, height: 1), style: style)
        let promptWidth = buffer.write(prompt, x: frame.x, y: frame.y, style: style, maxWidth: max(0, frame.width - 2))
        let room = frame.width - promptWidth - 1  // keep a cell for the cursor at the end
        guard room > 0 else { return }
        let widths = text.map(TextWidth.width(of:))
        var first = 0
        var beforeCursor = widths[0..<cursor].reduce(0, +)
        while beforeCursor > room, first < cursor {  // scroll left part out of view
            beforeCursor -= widths[first]
            first += 1
        }
        let visible = String(text[first...])
        buffer.write(visible, x: frame.x + promptWidth, y: frame.y, style: style, maxWidth: room + 1)
        buffer.cursor = CursorPosition(x: frame.x + promptWidth + beforeCursor, y: frame.y)
    }
}
