import TidingsText

/// The hash a feed's fetched body is stored under (`fetch_state.body_hash`): FNV-1a 64 of the bytes and
/// their length, both in hex without leading zeros (`"af63bd4c8601b7df-3"`). Enough to tell "the same
/// bytes as last time" apart from a change, not a security measure. Stored values must keep matching,
/// so the form never changes.
public enum BodyHash {
    public static func of(_ bytes: [UInt8]) -> String {
        var hash = FNV1a64()
        hash.add(bytes: bytes)
        return String(hash.value, radix: 16) + "-" + String(bytes.count, radix: 16)
    }
}
