import TerminalView

/// One screen of the reader (feed list, article list, article, tag picker), shown by a
/// `NavigationController`. Isolated to the main actor, the reader's UI thread.
@MainActor
package protocol ViewController: AnyObject {
    /// Shown in the title bar.
    var title: String { get }
    /// Shown at the right of the status line (position, counts).
    var status: String { get }
    /// Set by the navigation controller when the controller is pushed; held weakly.
    var navigationController: NavigationController? { get set }
    /// Draws the controller's content into `frame`.
    func draw(into buffer: inout ScreenBuffer, frame: Rect)
    /// The frame drawn last is on the terminal: work for the keys to come (reading ahead) starts
    /// here, so that it does not take a core from the frame a key waits for.
    func didDraw()
    /// Runs a command from a key; `count` is a number typed before it (e.g. `3o`). False when the
    /// command means nothing here.
    func perform(_ command: ReaderCommand, count: Int?) -> Bool
    /// Handles an event no command is bound to (mouse, unbound keys); false when not used.
    func handle(_ event: InputEvent) -> Bool
    /// The controller is about to become visible again (a child was popped).
    func viewWillAppear()
    /// The store changed underneath (a refresh stored articles): reload what is shown.
    func storeDidChange()
}

extension ViewController {
    package func handle(_ event: InputEvent) -> Bool { false }
    package func viewWillAppear() {}
    package func didDraw() {}
    package func storeDidChange() {}
}
