/// What a controller's event loop needs from a terminal: its size, the next input event, a place to
/// draw frames, and a wakeup other threads post to. `Terminal` is the real one; `HeadlessTerminal`
/// serves tests and benchmarks. Isolated to the main actor (the UI loop), except `wakeup`.
@MainActor
public protocol TerminalDevice: AnyObject {
    /// The size frames should have.
    var size: TerminalSize { get }
    /// Posting to it (from any thread or task) makes a waiting `nextEvent` return `.wakeup`.
    nonisolated var wakeup: TerminalWakeup { get }
    /// The next event, waiting up to `timeout` (nil: without limit) for input or a `wakeup` post;
    /// nil when the time ran out.
    func nextEvent(timeout: Duration?) -> InputEvent?
    /// Shows `frame`, sending only what changed since the previous one.
    func draw(_ frame: ScreenBuffer)
    /// Makes the next `draw` repaint everything.
    func requestFullRedraw()
    /// Puts `text` on the system clipboard through the terminal (OSC 52), which works over SSH in
    /// terminals that allow it.
    func copyToClipboard(_ text: String)
}

extension Terminal: TerminalDevice {}

/// The OSC 52 sequence that asks the terminal to put `text` on the clipboard:
/// `ESC ] 52 ; c ; <base64> BEL`.
package enum ClipboardSequence {
    package static func bytes(for text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Array(Base64.encode(Array(text.utf8)).utf8) + [0x07]
    }
}

/// Standard base64 (RFC 4648, with padding), for OSC 52.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = Int(bytes[index])
            let b1 = index + 1 < bytes.count ? Int(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? Int(bytes[index + 2]) : 0
            out.append(alphabet[b0 >> 2])
            out.append(alphabet[((b0 & 0x03) << 4) | (b1 >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[((b1 & 0x0F) << 2) | (b2 >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[b2 & 0x3F] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// An in-memory terminal: the caller queues input events, frames are kept for inspection and
/// still go through a `Renderer`, so the bytes a real terminal would get are counted.
///
/// Events come only from the queue, and waits end only by a `wakeup` post (or the timeout), so a test
/// can wait for background work without sleeping. For controller tests and benchmarks without a tty.
/// Isolated to the main actor, as the real terminal is.
@MainActor
package final class HeadlessTerminal: TerminalDevice {
    package var size: TerminalSize
    /// The last frame drawn, if any.
    package private(set) var frame: ScreenBuffer?
    /// How many frames were drawn and how many bytes they would have sent.
    package private(set) var frameCount = 0
    package private(set) var bytesWritten = 0
    /// Every OSC 52 sequence sent, in order, as the terminal would receive it.
    package private(set) var clipboardSequences: [[UInt8]] = []
    package nonisolated let wakeup: TerminalWakeup
    private var events: [InputEvent] = []
    private let renderer: Renderer

    /// Throws when the process is out of descriptors for the wakeup's pipe.
    package init(size: TerminalSize, renderOptions: RenderOptions = RenderOptions()) throws {
        self.size = size
        self.renderer = Renderer(options: renderOptions)
        wakeup = try TerminalWakeup()
    }

    /// Adds events for `nextEvent` to return, in order.
    package func enqueue(_ events: InputEvent...) {
        self.events.append(contentsOf: events)
    }

    /// Adds the events that typing `bytes` would produce (escape sequences decoded, lone ESC flushed).
    package func type(_ bytes: String) {
        var decoder = KeyDecoder()
        events += decoder.decode(Array(bytes.utf8)) + decoder.flush()
    }

    /// Changes the size and queues the `.resize` event a real terminal would report.
    package func resize(to newSize: TerminalSize) {
        size = newSize
        events.append(.resize(newSize))
    }

    /// The next queued event; else `.wakeup` when a post is pending or arrives within `timeout` (nil:
    /// without limit); else nil. With an empty queue and no post it waits for the whole timeout.
    package func nextEvent(timeout: Duration?) -> InputEvent? {
        if !events.isEmpty { return events.removeFirst() }
        return wakeup.wait(timeout: timeout) ? .wakeup : nil
    }

    package func draw(_ frame: ScreenBuffer) {
        self.frame = frame
        frameCount += 1
        bytesWritten += renderer.render(frame).count
    }

    package func requestFullRedraw() {
        renderer.invalidate()
    }

    package func copyToClipboard(_ text: String) {
        clipboardSequences.append(ClipboardSequence.bytes(for: text))
    }

    /// The last frame's rows as text (trailing spaces removed); empty before the first frame.
    package var lines: [String] { frame?.lines ?? [] }
}
