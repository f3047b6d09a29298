import FuzzSupport
import TerminalView

/// The terminal key decoder on any input bytes: the events do not depend on how the bytes were split
/// into reads (the first byte says how many steering bytes follow, which give the read sizes), a
/// flush leaves nothing pending, and a key never carries a control character as a printable one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let steeringCount = Int(input.byte() % 16)
    let steering = (0..<steeringCount).map { _ in input.byte() }
    let bytes = input.rest

    var whole = KeyDecoder()
    let wholeEvents = merged(whole.decode(bytes) + whole.flush())
    require(!whole.hasPendingInput, "input pending after flush")

    var split = KeyDecoder()
    var splitEvents: [InputEvent] = []
    for chunk in chunks(of: bytes, steering: steering) { splitEvents += split.decode(chunk) }
    splitEvents += split.flush()
    require(!split.hasPendingInput, "input pending after flush")
    require(
        merged(splitEvents) == wholeEvents,
        "reads \(steering) give other events:\n  whole: \(wholeEvents)\n  split: \(merged(splitEvents))")

    for event in wholeEvents {
        guard case .key(let key) = event else { continue }
        switch key {
        case .character(let character), .alt(let character):
            require(
                !character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "control character decoded as a printable key: \(key)")
        case .function(let number):
            require((1...24).contains(number), "function key F\(number)")
        default: break
        }
    }
    return 0
}

/// The events with consecutive pastes joined (a long paste is delivered in pieces wherever the reads
/// end; what was pasted is the same).
func merged(_ events: [InputEvent]) -> [InputEvent] {
    var result: [InputEvent] = []
    for event in events {
        if case .paste(let more) = event, case .paste(let text)? = result.last {
            result[result.count - 1] = .paste(text + more)
        } else {
            result.append(event)
        }
    }
    return result
}
