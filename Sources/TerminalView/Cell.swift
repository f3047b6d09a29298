/// One screen cell: the grapheme drawn there, its width in cells, and its style.
///
/// A wide character (CJK, emoji) occupies two cells: the first holds the character with width 2,
/// the second is a continuation cell (`width == 0`, empty text) that the renderer skips.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var width: UInt8
    public var style: Style

    public init(character: Character, width: UInt8 = 1, style: Style = .plain) {
        self.character = character
        self.width = width
        self.style = style
    }

    /// A blank cell in the given style.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(character: " ", width: 1, style: style) }

    /// The right half of a wide character.
    static func continuation(_ style: Style) -> Cell { Cell(character: " ", width: 0, style: style) }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
