/// The words a date may contain: month names in several languages, time-zone abbreviations and
/// the meridiem markers. Weekday names need no table: unknown words are skipped.
enum DateWords {
    enum Meaning {
        case month(Int)
        case zone(Int)  // seconds east of UTC
        case ante, post  // am, pm
    }

    static func meaning(of key: ShortNameKey) -> Meaning? {
        guard key.isComparable else { return nil }
        return table[key]
    }

    private static let months: [(Int, String)] = [
        // English
        (1, "jan january"), (2, "feb febr february"), (3, "mar march"), (4, "apr april"), (5, "may"),
        (6, "jun june"), (7, "jul july"), (8, "aug august"), (9, "sep sept september"),
        (10, "oct october"), (11, "nov november"), (12, "dec december"),
        // German
        (1, "januar jän jänner"), (2, "februar"), (3, "mär märz mrz maerz"), (5, "mai"), (6, "juni"),
        (7, "juli"), (10, "okt oktober"), (12, "dez dezember"),
        // French
        (1, "janv janvier"), (2, "fév févr février fevr fevrier"), (3, "mars"), (4, "avr avril"),
        (6, "juin"), (7, "juil juillet"), (8, "août aout"), (9, "septembre"), (10, "octobre"),
        (11, "novembre"), (12, "déc décembre decembre"),
        // Spanish
        (1, "ene enero"), (3, "marzo"), (4, "abr abril"), (5, "mayo"), (6, "junio"), (7, "julio"),
        (8, "ago agosto"), (9, "septiembre setiembre set"), (10, "octubre"), (11, "noviembre"),
        (12, "dic diciembre"),
        // Italian
        (1, "gen gennaio"), (2, "febbraio"), (4, "aprile"), (5, "mag maggio"), (6, "giu giugno"),
        (7, "lug luglio"), (9, "settembre"), (10, "ott ottobre"), (12, "dicembre"),
        // Dutch
        (1, "januari"), (2, "februari"), (3, "mrt maart"), (5, "mei"), (8, "augustus"),
        // Portuguese
        (1, "janeiro"), (2, "fev fevereiro"), (3, "março marco"), (5, "maio"), (6, "junho"),
        (7, "julho"), (9, "setembro"), (10, "out outubro"), (11, "novembro"), (12, "dezembro"),
    ]

    private static let zones: [(String, Int)] = [
        ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0), ("wet", 0), ("zulu", 0),
        ("est", -5), ("edt", -4), ("cst", -6), ("cdt", -5), ("mst", -7), ("mdt", -6),
        ("pst", -8), ("pdt", -7), ("ast", -4), ("adt", -3), ("akst", -9), ("akdt", -8),
        ("hst", -10),
        ("bst", 1), ("cet", 1), ("met", 1), ("west", 1), ("mez", 1),
        ("cest", 2), ("mest", 2), ("mesz", 2), ("eet", 2), ("eest", 3), ("msk", 3),
        ("sgt", 8), ("hkt", 8), ("awst", 8), ("jst", 9), ("kst", 9),
        ("aest", 10), ("aedt", 11), ("nzst", 12), ("nzdt", 13),
    ]

    private static let table: [ShortNameKey: Meaning] = {
        var table: [ShortNameKey: Meaning] = [:]
        for (month, names) in months {
            for name in names.split(separator: " ") { table[ShortNameKey(String(name))] = .month(month) }
        }
        // Military letters: UTC (RFC 2822 §4.3), set first so that named zones win.
        for letter in "abcdefghiklmnopqrstuvwxy" { table[ShortNameKey(String(letter))] = .zone(0) }
        for (name, hours) in zones { table[ShortNameKey(name)] = .zone(hours * 3600) }
        table[ShortNameKey("nst")] = .zone(-(3 * 3600 + 1800))
        table[ShortNameKey("ndt")] = .zone(-(2 * 3600 + 1800))
        table[ShortNameKey("ist")] = .zone(5 * 3600 + 1800)  // India, the commonest reading in feeds
        table[ShortNameKey("am")] = .ante
        table[ShortNameKey("pm")] = .post
        return table
    }()
}
