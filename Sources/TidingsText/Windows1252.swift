/// What the bytes 0x80-0x9F mean in windows-1252, which HTML5 also applies to the numeric references
/// `&#128;`-`&#159;` and to C1 controls met in text: feeds written on Windows put `’`, `“`, `–` there.
public enum Windows1252 {
    /// The characters windows-1252 puts at 0x80-0x9F, indexed by `byte - 0x80`; the five it leaves
    /// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their code.
    public static let c1: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161,
        0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The UTF-8 bytes of `c1`'s characters, empty for the five undefined ones (which are dropped as the
    /// controls they are).
    public static let c1UTF8: [[UInt8]] = c1.map { value in
        guard value >= 0xA0, let scalar = Unicode.Scalar(value) else { return [] }
        return Array(String(Character(scalar)).utf8)
    }
}

extension Windows1252 {
    /// The character a C1 control U+0080...U+009F stands for, or nil for the five undefined ones.
    @inlinable
    public static func character(forC1 value: UInt32) -> Unicode.Scalar? {
        guard value >= 0x80, value < 0xA0 else { return nil }
        let mapped = c1[Int(value - 0x80)]
        return mapped >= 0xA0 ? Unicode.Scalar(mapped) : nil
    }
}
