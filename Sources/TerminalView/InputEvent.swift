/// A key press as decoded from the terminal's input bytes.
public enum Key: Hashable, Sendable {
    /// A printable character (one grapheme as typed; multi-byte UTF-8 decoded).
    case character(Character)
    /// Ctrl plus a key: `ctrl("l")` for ^L, `ctrl("z")` for ^Z; lowercase letters, or `@ \ ] ^ _`.
    case ctrl(Character)
    /// Alt (Meta) plus a printable ASCII character, sent as ESC followed by the character.
    case alt(Character)
    case enter, escape, backspace, tab, backTab
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// F1...F12.
    case function(Int)
}

/// A mouse button or wheel direction, from SGR (1006) mouse reports.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right, wheelUp, wheelDown
    /// Any other button code as reported (e.g. extra buttons).
    case other(Int)
}

/// A mouse report: the button, where (zero-based cells) and what happened.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press, release, drag
    }

    public var button: MouseButton
    public var x: Int
    public var y: Int
    public var action: Action

    package init(button: MouseButton, x: Int, y: Int, action: Action) {
        self.button = button
        self.x = x
        self.y = y
        self.action = action
    }
}

/// Everything the view layer reports to the controller's event loop.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text pasted while bracketed paste (2004) is on, as typed (not yet sanitized).
    case paste(String)
    /// The window changed size (SIGWINCH), or the program came back from Ctrl-Z: redraw at this size.
    case resize(TerminalSize)
    /// `TerminalWakeup.post()` was called, e.g. by a background refresh: update and redraw.
    case wakeup
    /// The input reached end of file or failed (the terminal went away): quit.
    case inputClosed
}
