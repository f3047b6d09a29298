#if canImport(Glibc)
import Glibc
#endif

/// A property a harness checks did not hold: prints what and where on standard error, then aborts,
/// so that libFuzzer records the input as a crash (`crash-<sha1>` in the working folder).
public func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    printError("fuzz property violated at \(file):\(line): \(message())")
    abort()
}

/// Writes `text` and a line feed to standard error.
public func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// The input of one run, read from the front: a few bytes steer the harness (a width, chunk sizes),
/// the rest is the document.
public struct FuzzInput {
    public private(set) var bytes: ArraySlice<UInt8>

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    }

    /// The next byte, or 0 when none is left.
    public mutating func byte() -> UInt8 {
        guard let first = bytes.first else { return 0 }
        bytes = bytes.dropFirst()
        return first
    }

    /// Everything not yet taken.
    public var rest: [UInt8] { Array(bytes) }

    /// Everything not yet taken, as UTF-8 text (invalid bytes become U+FFFD).
    public var restText: String { String(decoding: bytes, as: UTF8.self) }
}

/// `bytes` cut into chunks whose sizes (1 to 256) come from `steering`, cycled; a steering byte of 0
/// gives an empty chunk, which a reader of a stream must also take.
public func chunks(of bytes: [UInt8], steering: [UInt8]) -> [[UInt8]] {
    guard !steering.isEmpty else { return [bytes] }
    var result: [[UInt8]] = []
    var start = 0
    var index = 0
    while start < bytes.count {
        let size = Int(steering[index % steering.count])
        index += 1
        let end = min(bytes.count, start + size)
        result.append(Array(bytes[start..<end]))
        start = end
        if index > bytes.count + steering.count { break }
    }
    if start < bytes.count { result.append(Array(bytes[start...])) }
    return result
}

/// The scheme of `url` as a browser reads it (ASCII controls and spaces ignored, letters lower-cased),
/// or nil when it has none (a relative reference).
public func browserScheme(_ url: String) -> String? {
    var scheme = ""
    for scalar in url.unicodeScalars where scalar.value > 0x20 && scalar.value != 0x7F {
        switch scalar {
        case ":": return scheme.isEmpty ? nil : scheme
        case "/", "?", "#": return nil
        default: scheme.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
        }
    }
    return nil
}

/// True for a URL that runs script or carries a document in a browser (`javascript:`, `vbscript:`,
/// `data:`), except `data:` raster images when `imageSource` is set.
public func isScriptURL(_ url: String, imageSource: Bool = false) -> Bool {
    guard let scheme = browserScheme(url) else { return false }
    switch scheme {
    case "javascript", "vbscript", "livescript", "mocha": return true
    case "data":
        guard imageSource else { return true }
        let lower = url.unicodeScalars.filter { $0.value > 0x20 }.map { Character($0) }.map { $0.lowercased() }.joined()
        return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/jpg", "data:image/webp",
                 "data:image/avif"].contains { lower.hasPrefix($0) }
    default: return false
    }
}

/// The first C0 or C1 control character, DEL or escape in `text` other than those in `allowed`.
public func firstControl(in text: String, allowed: Set<UInt32> = []) -> Unicode.Scalar? {
    text.unicodeScalars.first { scalar in
        let value = scalar.value
        return (value < 0x20 || (0x7F...0x9F).contains(value)) && !allowed.contains(value)
    }
}

/// The first bidi embedding, override or isolate control, or direction mark, in `text`.
public func firstBidiControl(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { scalar in
        let value = scalar.value
        return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
            || value == 0x200F || value == 0x061C
    }
}

/// `text` with the scalars shown as code points where they are not printable ASCII, for messages.
public func visible(_ text: String, limit: Int = 300) -> String {
    var out = ""
    for scalar in text.unicodeScalars.prefix(limit) {
        if scalar.value >= 0x20 && scalar.value < 0x7F { out.unicodeScalars.append(scalar) }
        else { out += "\\u{\(String(scalar.value, radix: 16))}" }
    }
    return out
}
