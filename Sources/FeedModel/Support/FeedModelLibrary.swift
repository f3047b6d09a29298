import CLibXML2

/// FeedModel's process-wide setup: libxml2's global state (its character-encoding handlers, the
/// dictionary's random seed, the per-thread error state) is prepared once per process.
///
/// Call `initialize()` from the composition root before any concurrency starts, so that the first
/// parses on several threads do not race to set libxml2 up. Later calls do nothing, and it may be
/// called from any thread.
public enum FeedModelLibrary {
    /// Runs the one-time initialisation of the C libraries FeedModel uses; later calls do nothing.
    public static func initialize() {
        _ = libxml2Initialized
    }
}

/// Swift runs a global's initialiser exactly once, on first use, under its own lock.
private let libxml2Initialized: Void = xmlInitParser()
