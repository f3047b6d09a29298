import TidingsText

/// A one-row bar with text on the left and on the right (e.g. the title bar, or the status line
/// with counts and refresh progress). The right text wins when both do not fit; the left is cut
/// with "…". A value: build one per frame.
public struct StatusLine: Hashable, Sendable {
    public var left: String
    public var right: String
    public var style: Style

    public init(left: String = "", right: String = "", style: Style = .reverse) {
        self.left = left
        self.right = right
        self.style = style
    }

    /// Fills row `frame.y` across `frame` and draws both texts (sanitized) in `style`.
    public func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        guard frame.height > 0, frame.width > 0 else { return }
        buffer.fill(Rect(x: frame.x, y: frame.y, width: frame.width, height: 1), style: style)
        let rightText = TextWidth.truncate(TerminalSanitizer.singleLine(right), toWidth: frame.width)
        let rightWidth = TextWidth.width(of: rightText)
        let leftRoom = frame.width - rightWidth - (rightWidth > 0 ? 1 : 0)
        if leftRoom > 0 {
            buffer.write(TerminalSanitizer.singleLine(left), x: frame.x, y: frame.y, style: style, maxWidth: leftRoom)
        }
        if rightWidth > 0 {
            buffer.write(rightText, x: frame.maxX - rightWidth, y: frame.y, style: style, maxWidth: rightWidth)
        }
    }
}
