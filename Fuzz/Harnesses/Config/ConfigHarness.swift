import FuzzSupport
import ReaderControllers

/// The config file reader on any text: it gives a configuration or a `ConfigError` whose message is
/// one line (it is printed as one), and never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try ReaderConfig.parse(text, path: "config.toml")
    } catch {
        let message = error.description
        require(!message.isEmpty, "empty config error")
        if let line = error.line { require(line >= 1, "error on line \(line)") }
    }
    return 0
}
