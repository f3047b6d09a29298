import TerminalView

/// One screen of the reader (feed list, article list, article, tag picker), shown by a
/// `NavigationController`. Called only on the UI thread.
public protocol ViewController: AnyObject {
    /// Shown in the title bar.
    var title: String { get }
    /// Shown at the right of the status line (position, counts).
    var status: String { get }
    /// Set by the navigation controller when the controller is pushed; held weakly.
    var navigationController: NavigationController? { get set }
    /// Draws the controller's content into `frame`.
    func draw(into buffer: inout ScreenBuffer, frame: Rect)
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
    public func handle(_ event: InputEvent) -> Bool { false }
    public func viewWillAppear() {}
    public func storeDidChange() {}
}

/// The stack of view controllers: the top one is visible and gets the keys; `q` pops back to the
/// one below. Holds the shared `ReaderContext` the controllers use. UI thread only.
public final class NavigationController {
    public let context: ReaderContext
    public private(set) var viewControllers: [any ViewController] = []
    /// Set when a controller was pushed or popped, for the run loop to redraw in full.
    var didChangeStack = false

    public init(root: any ViewController, context: ReaderContext) {
        self.context = context
        push(root)
    }

    public var topViewController: (any ViewController)? { viewControllers.last }

    public func push(_ controller: any ViewController) {
        controller.navigationController = self
        viewControllers.append(controller)
        didChangeStack = true
    }

    /// Removes the top controller (never the root); the one below is told it reappears.
    @discardableResult
    public func pop() -> (any ViewController)? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        popped.navigationController = nil
        didChangeStack = true
        topViewController?.viewWillAppear()
        return popped
    }

    /// Pops every controller above `controller`.
    public func pop(to controller: any ViewController) {
        while viewControllers.count > 1, let top = topViewController, top !== controller { pop() }
    }
}
