/// Decodes terminal input bytes into `InputEvent`s: UTF-8 characters, control keys, CSI/SS3 key
/// sequences (xterm, rxvt, Linux console variants), SGR mouse reports and bracketed paste.
///
/// Input may arrive split anywhere: an incomplete sequence or character is kept until more bytes
/// come. A lone ESC cannot be told from the start of a sequence, so the caller calls `flush()` when
/// no further byte arrived within a short timeout, which reports it as `.escape`. Pure value type.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Pastes longer than this are delivered in pieces, so hostile input cannot grow memory unbounded.
    private let pasteLimit = 1 << 20

    public init() {}

    /// True when bytes are waiting for the rest of a sequence (the caller should wait briefly, then
    /// `flush()`).
    public var hasPendingInput: Bool { !pending.isEmpty }

    /// Decodes `bytes` together with whatever was pending; returns the complete events.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Decodes what is pending as if no more bytes will follow: a lone ESC becomes `.escape`, an
    /// incomplete sequence is reported as its keys, an unfinished paste is delivered as is.
    public mutating func flush() -> [InputEvent] {
        drain(final: true)
    }

    private mutating func drain(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            guard let (event, length) = decodeOne(at: index, final: final) else { break }
            if let event { events.append(event) }
            index += length
        }
        pending.removeFirst(index)
        return events
    }

    /// The event at `i` and the bytes it used (nil event: bytes to drop), or nil when more input is
    /// needed.
    private func decodeOne(at i: Int, final: Bool) -> (InputEvent?, Int)? {
        let byte = pending[i]
        switch byte {
        case 0x1B: return decodeEscape(at: i, final: final)
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x09: return (.key(.tab), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x00: return (.key(.ctrl("@")), 1)
        case 0x01...0x1A: return (.key(.ctrl(Character(Unicode.Scalar(byte + 0x60)))), 1)
        case 0x1C...0x1F: return (.key(.ctrl(Character(Unicode.Scalar(byte + 0x40)))), 1)
        case 0x20...0x7E: return (.key(.character(Character(Unicode.Scalar(byte)))), 1)
        default: return decodeUTF8(at: i, final: final)
        }
    }

    private func decodeUTF8(at i: Int, final: Bool) -> (InputEvent?, Int)? {
        let lead = pending[i]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)  // stray continuation or invalid lead byte
        }
        var available = 1
        while available < length, i + available < pending.count {
            guard pending[i + available] & 0xC0 == 0x80 else { return (nil, available) }
            available += 1
        }
        if available < length { return final ? (nil, available) : nil }
        var decoded = ""
        var decoder = UTF8()
        var iterator = pending[i..<(i + length)].makeIterator()
        // A C1 control (U+0080-U+009F) is no key a person typed and nothing to insert into a prompt.
        if case .scalarValue(let scalar) = decoder.decode(&iterator), !(0x80...0x9F).contains(scalar.value) {
            decoded.unicodeScalars.append(scalar)
        }
        guard let character = decoded.first else { return (nil, length) }
        return (.key(.character(character)), length)
    }

    private func decodeEscape(at i: Int, final: Bool) -> (InputEvent?, Int)? {
        guard i + 1 < pending.count else { return final ? (.key(.escape), 1) : nil }
        let next = pending[i + 1]
        switch next {
        case UInt8(ascii: "["):
            return decodeCSI(at: i, final: final)
        case UInt8(ascii: "O"):
            guard i + 2 < pending.count else { return final ? (.key(.alt("O")), 2) : nil }
            return (ss3Key(pending[i + 2]).map { .key($0) }, 3)
        case 0x1B:
            return (.key(.escape), 1)
        case 0x20...0x7E:
            return (.key(.alt(Character(Unicode.Scalar(next)))), 2)
        default:
            return (.key(.escape), 1)
        }
    }

    private func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        default: return nil
        }
    }

    /// ESC [ parameters intermediates final. Also the Linux console's ESC [ [ A...E for F1-F5.
    private func decodeCSI(at i: Int, final: Bool) -> (InputEvent?, Int)? {
        var j = i + 2
        if j < pending.count, pending[j] == UInt8(ascii: "[") {
            guard j + 1 < pending.count else { return final ? (nil, 3) : nil }
            let key: Key? = (0x41...0x45).contains(pending[j + 1]) ? .function(Int(pending[j + 1]) - 0x40) : nil
            return (key.map { .key($0) }, 4)
        }
        while j < pending.count {
            let byte = pending[j]
            if (0x40...0x7E).contains(byte) { break }
            if !(0x20...0x3F).contains(byte) { return (nil, j - i) }  // malformed: drop what we saw
            j += 1
        }
        guard j < pending.count else { return final ? (nil, j - i) : nil }
        let parameters = Array(pending[(i + 2)..<j])
        let finalByte = pending[j]
        let length = j + 1 - i
        if parameters.first == UInt8(ascii: "<") {
            return (mouseEvent(parameters.dropFirst(), final: finalByte), length)
        }
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            field.reduce(0) { min($0 * 10 + Int($1 &- 0x30), 100_000) }
        }
        let first = numbers.first ?? 0
        switch finalByte {
        case UInt8(ascii: "A"): return (.key(.up), length)
        case UInt8(ascii: "B"): return (.key(.down), length)
        case UInt8(ascii: "C"): return (.key(.right), length)
        case UInt8(ascii: "D"): return (.key(.left), length)
        case UInt8(ascii: "H"): return (.key(.home), length)
        case UInt8(ascii: "F"): return (.key(.end), length)
        case UInt8(ascii: "Z"): return (.key(.backTab), length)
        case UInt8(ascii: "P"): return (.key(.function(1)), length)
        case UInt8(ascii: "Q"): return (.key(.function(2)), length)
        case UInt8(ascii: "R"): return (.key(.function(3)), length)
        case UInt8(ascii: "S"): return (.key(.function(4)), length)
        case UInt8(ascii: "~"):
            if first == 200 { return decodePaste(at: i, contentStart: i + length, final: final) }
            return (tildeKey(first).map { .key($0) }, length)
        default:
            return (nil, length)
        }
    }

    private func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    /// SGR mouse: ESC [ < button ; x ; y (M press | m release), coordinates one-based.
    private func mouseEvent(_ parameters: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 3, final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let values = fields.map { $0.reduce(0) { min($0 * 10 + Int($1 &- 0x30), 100_000) } }
        let code = values[0]
        let base = code & ~(4 | 8 | 16)  // shift, meta, ctrl modifiers
        let motion = base & 32 != 0
        let button: MouseButton
        switch base & ~32 {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 64: button = .wheelUp
        case 65: button = .wheelDown
        default: button = .other(base & ~32)
        }
        let action: MouseEvent.Action = final == UInt8(ascii: "m") ? .release : (motion ? .drag : .press)
        return .mouse(MouseEvent(button: button, x: max(0, values[1] - 1), y: max(0, values[2] - 1), action: action))
    }

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The text between ESC [ 200 ~ and ESC [ 201 ~; waits for the end marker unless `final`.
    private func decodePaste(at i: Int, contentStart: Int, final: Bool) -> (InputEvent?, Int)? {
        let end = KeyDecoder.pasteEnd
        var j = contentStart
        while j + end.count <= pending.count {
            if pending[j] == 0x1B, pending[j..<(j + end.count)].elementsEqual(end) {
                let text = String(decoding: pending[contentStart..<j], as: UTF8.self)
                return (.paste(text), j + end.count - i)
            }
            j += 1
        }
        if final || pending.count - contentStart > pasteLimit {
            let text = String(decoding: pending[contentStart...], as: UTF8.self)
            return (.paste(text), pending.count - i)
        }
        return nil
    }
}
