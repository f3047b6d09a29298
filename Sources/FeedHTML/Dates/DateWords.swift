/// The words a date may contain: month names in several languages, time-zone abbreviations,
/// meridiem markers and the Korean date units. Weekday names need no table: unknown words are
/// skipped. Keys are made by `DateScanner.key(of:)`, the folding `word()` applies (ASCII, Latin-1
/// and Greek capitals to small letters, Greek accents removed), so any case matches.
enum DateWords {
    enum Meaning {
        case month(Int)
        /// A zone name, seconds east of UTC.
        case zone(Int)
        /// A military single-letter zone other than Z, seconds east of UTC (see `militaryZones`).
        case military(Int)
        case ante, post  // am, pm
        /// 오전, 오후: a Korean date, whose time is Korea's (+09:00) unless it says otherwise.
        case koreanAnte, koreanPost
        /// 년, 월, 일 after the year, the month and the day of a Korean date.
        case koreanYear, koreanMonth, koreanDay
    }

    static func meaning(of key: ShortNameKey) -> Meaning? {
        guard key.isComparable else { return nil }
        return table[key]
    }

    /// Korea's offset, assumed for Korean dates that name no zone (as feedparser does).
    static let koreaOffset = 9 * 3600

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
        // Hungarian (day names: hétfő, kedd, szerda, csütörtök, péntek, szombat, vasárnap, skipped)
        (1, "január"), (2, "február"), (3, "márc március"), (4, "ápr április"), (5, "máj május"),
        (6, "jún június"), (7, "júl július"), (9, "szep szept szeptember"), (10, "október"),
        // Greek, nominative and genitive, with the abbreviations feeds use (accents and case are
        // folded away; day names Κυρ, Δευ, Τρι, Τετ, Πεμ, Παρ, Σαβ are skipped)
        (1, "ιαν ιανουάριος ιανουαρίου"), (2, "φεβ φεβρ φεβρουάριος φεβρουαρίου"),
        (3, "μαρ μαώ μάρτιος μαρτίου"), (4, "απρ απρίλιος απριλίου"), (5, "μαι μάιος μαΐου"),
        (6, "ιουν ιον ιούνιος ιουνίου"), (7, "ιουλ ιολ ιούλιος ιουλίου"), (8, "αυγ αύγουστος αυγούστου"),
        (9, "σεπ σεπτ σεπτέμβριος σεπτεμβρίου"), (10, "οκτ οκτώβριος οκτωβρίου"),
        (11, "νοε νοέμβριος νοεμβρίου"), (12, "δεκ δεκέμβριος δεκεμβρίου"),
    ]

    /// Zone names, hours east of UTC. The North American ones also without S/D (`ET`, `PT`...:
    /// read as standard time, as feedparser does), and Alaska and Hawaii-Aleutian in their old
    /// and new spellings.
    private static let zones: [(String, Int)] = [
        ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0), ("wet", 0), ("zulu", 0),
        ("est", -5), ("edt", -4), ("et", -5), ("cst", -6), ("cdt", -5), ("ct", -6),
        ("mst", -7), ("mdt", -6), ("mt", -7), ("pst", -8), ("pdt", -7), ("pt", -8),
        ("ast", -4), ("adt", -3), ("akst", -9), ("akdt", -8), ("akt", -9), ("yst", -9), ("ydt", -8),
        ("hst", -10), ("hast", -10), ("hadt", -9), ("hdt", -9), ("sst", -11), ("chst", 10),
        ("bst", 1), ("cet", 1), ("met", 1), ("west", 1), ("mez", 1),
        ("cest", 2), ("mest", 2), ("mesz", 2), ("eet", 2), ("eest", 3), ("msk", 3),
        ("sgt", 8), ("hkt", 8), ("awst", 8), ("jst", 9), ("kst", 9),
        ("aest", 10), ("aedt", 11), ("nzst", 12), ("nzdt", 13),
    ]

    /// The military letters as RFC 822 §5.2 wrote them: A to M (no J) are -1 to -12 hours, N to Y
    /// +1 to +12. RFC 1123 and RFC 2822 §4.3 say these signs were the wrong way round and that
    /// senders never agreed; feedparser and listparser read them as written, and so does Tidings.
    /// A letter counts as a zone only after the time, at the end of the date.
    private static let militaryZones: [(Character, Int)] = {
        var zones: [(Character, Int)] = []
        for (index, letter) in "abcdefghiklm".enumerated() { zones.append((letter, -(index + 1))) }
        for (index, letter) in "nopqrstuvwxy".enumerated() { zones.append((letter, index + 1)) }
        return zones
    }()

    private static let table: [ShortNameKey: Meaning] = {
        var table: [ShortNameKey: Meaning] = [:]
        for (month, names) in months {
            for name in names.split(separator: " ") { table[DateScanner.key(of: String(name))] = .month(month) }
        }
        for (letter, hours) in militaryZones { table[DateScanner.key(of: String(letter))] = .military(hours * 3600) }
        for (name, hours) in zones { table[DateScanner.key(of: name)] = .zone(hours * 3600) }
        table[DateScanner.key(of: "nst")] = .zone(-(3 * 3600 + 1800))
        table[DateScanner.key(of: "ndt")] = .zone(-(2 * 3600 + 1800))
        table[DateScanner.key(of: "ist")] = .zone(5 * 3600 + 1800)  // India, the commonest reading in feeds
        table[DateScanner.key(of: "am")] = .ante
        table[DateScanner.key(of: "pm")] = .post
        table[DateScanner.key(of: "오전")] = .koreanAnte
        table[DateScanner.key(of: "오후")] = .koreanPost
        table[DateScanner.key(of: "년")] = .koreanYear
        table[DateScanner.key(of: "월")] = .koreanMonth
        table[DateScanner.key(of: "일")] = .koreanDay
        return table
    }()
}
