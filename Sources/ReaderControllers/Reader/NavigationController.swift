import TerminalView

/// The stack of view controllers: the top one is visible and gets the keys; `q` pops back to the
/// one below. Holds the shared `ReaderContext` the controllers use. Main actor only.
@MainActor
package final class NavigationController {
    package let context: ReaderContext
    package private(set) var viewControllers: [any ViewController] = []
    /// Set when a controller was pushed or popped, for the run loop to redraw in full.
    var didChangeStack = false

    package init(root: any ViewController, context: ReaderContext) {
        self.context = context
        push(root)
    }

    package var topViewController: (any ViewController)? { viewControllers.last }

    package func push(_ controller: any ViewController) {
        controller.navigationController = self
        viewControllers.append(controller)
        didChangeStack = true
    }

    /// Removes the top controller (never the root); the one below is told it reappears.
    @discardableResult
    package func pop() -> (any ViewController)? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        popped.navigationController = nil
        didChangeStack = true
        topViewController?.viewWillAppear()
        return popped
    }

    /// Pops every controller above `controller`.
    package func pop(to controller: any ViewController) {
        while viewControllers.count > 1, let top = topViewController, top !== controller { pop() }
    }
}
