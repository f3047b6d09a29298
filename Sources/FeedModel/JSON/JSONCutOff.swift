/// Tells a JSON document that was cut off (its top-level value never closed) from one that is whole,
/// and closes a cut one right after the last value that was whole at the top two levels, so that it
/// keeps every JSON Feed item that closed before the cut and none that did not.
///
/// Values are whole at a `,` or a closing bracket that leaves at most two containers open (the
/// top-level object and one array or object in it, such as `items`). An item (the third level) is
/// never closed here, so a half-read one is dropped, never kept with half of its members.
enum JSONCutOff {
    enum Outcome: Equatable {
        /// The top-level value closed (or the document is no JSON container): nothing was cut off.
        case whole
        /// The document was cut off; these bytes are its whole part, closed.
        case cut([UInt8])
        /// The document was cut off before its first member was whole.
        case nothingWhole
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        var open: [UInt8] = []
        var inString = false
        var escaped = false
        var end = 0
        var endOpen: [UInt8] = []
        for (i, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard open.popLast() != nil, !open.isEmpty else { return .whole }
                if open.count <= 2 {
                    end = i + 1
                    endOpen = open
                }
            case UInt8(ascii: ","):
                if !open.isEmpty, open.count <= 2 {
                    end = i
                    endOpen = open
                }
            default:
                break
            }
        }
        guard !open.isEmpty else { return .whole }
        guard end > 0 else { return .nothingWhole }
        var closed = Array(bytes[..<end])
        for opener in endOpen.reversed() {
            closed.append(opener == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        return .cut(closed)
    }
}
