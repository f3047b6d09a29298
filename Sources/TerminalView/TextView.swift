/// A scroll command for a `TextView`, so controllers can bind their own keys (j/k, space, g/G).
public enum TextAction: Hashable, Sendable {
    case lineUp, lineDown, pageUp, pageDown, top, bottom
    /// Scroll by this many lines (negative: up), e.g. for the mouse wheel.
    case scroll(Int)
}

/// A scrolling view over lines of styled text (spans may carry hyperlinks), optionally wrapped to
/// the view's width.
///
/// The scroll offset (first visible display line) belongs to the controller and is passed in;
/// `draw` and `perform` keep it in range. Wrapping is cached per width, so long articles re-wrap
/// only when the width changes. Default keys: arrows, PgUp/PgDn, Home/End; the mouse wheel scrolls.
/// Isolated to the main actor, the reader's UI thread.
@MainActor
public final class TextView {
    /// The text, one entry per logical line. Sanitize untrusted text first (`TerminalSanitizer.lines`).
    public var lines: [StyledLine] {
        didSet { cachedWidth = nil }
    }
    /// Wrap long lines at the view's width (at spaces where possible); otherwise they are truncated.
    package var wrapsLines: Bool {
        didSet { cachedWidth = nil }
    }
    /// The area last drawn into; paging and the mouse use it.
    public private(set) var frame = Rect(x: 0, y: 0, width: 0, height: 0)

    private var cachedWidth: Int?
    private var displayLines: [StyledLine] = []

    public init(lines: [StyledLine] = [], wrapsLines: Bool = true) {
        self.lines = lines
        self.wrapsLines = wrapsLines
    }

    /// Number of display lines at `width` (after wrapping).
    public func displayLineCount(width: Int) -> Int {
        wrap(width: width).count
    }

    /// The largest valid scroll offset for the last drawn frame.
    package var maximumOffset: Int {
        max(0, wrap(width: frame.width).count - frame.height)
    }

    /// Draws the visible lines into `frame`, starting at display line `offset` (clamped).
    public func draw(into buffer: inout ScreenBuffer, frame: Rect, offset: inout Int) {
        self.frame = frame
        buffer.fill(frame)
        let visible = wrap(width: frame.width)
        offset = min(max(0, offset), max(0, visible.count - frame.height))
        for row in 0..<frame.height {
            let index = offset + row
            guard index < visible.count else { break }
            buffer.write(visible[index], x: frame.x, y: frame.y + row, maxWidth: frame.width)
        }
    }

    /// Handles the default keys and the wheel; returns true when the event was the view's.
    @discardableResult
    public func handle(_ event: InputEvent, offset: inout Int) -> Bool {
        let action: TextAction
        switch event {
        case .key(.up): action = .lineUp
        case .key(.down): action = .lineDown
        case .key(.pageUp): action = .pageUp
        case .key(.pageDown): action = .pageDown
        case .key(.home): action = .top
        case .key(.end): action = .bottom
        case .mouse(let mouse) where mouse.action == .press && mouse.button == .wheelUp: action = .scroll(-3)
        case .mouse(let mouse) where mouse.action == .press && mouse.button == .wheelDown: action = .scroll(3)
        default: return false
        }
        perform(action, offset: &offset)
        return true
    }

    /// Applies a scroll command to `offset`, keeping it in range for the last drawn frame.
    public func perform(_ action: TextAction, offset: inout Int) {
        let page = max(1, frame.height - 1)
        switch action {
        case .lineUp: offset -= 1
        case .lineDown: offset += 1
        case .pageUp: offset -= page
        case .pageDown: offset += page
        case .top: offset = 0
        case .bottom: offset = maximumOffset
        case .scroll(let lines): offset += lines
        }
        offset = min(max(0, offset), maximumOffset)
    }

    private func wrap(width: Int) -> [StyledLine] {
        if cachedWidth == width { return displayLines }
        displayLines = wrapsLines ? lines.flatMap { $0.wrapped(toWidth: width) } : lines
        cachedWidth = width
        return displayLines
    }
}
