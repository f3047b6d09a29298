extension DateScanner {
    /// Whether the text starts like an ISO 8601 date: four digits then `-`, `/`, `T` or the end, or
    /// seven or eight digits (the basic ordinal and calendar forms).
    func looksLikeISO8601() -> Bool {
        for index in 0..<4 where !DateScanner.isDigit(peek(index)) { return false }
        let next = peek(4)
        if position + 4 == end { return true }
        if next == UInt8(ascii: "-") || next == UInt8(ascii: "/") { return DateScanner.isDigit(peek(5)) }
        if next | 0x20 == UInt8(ascii: "t") { return DateScanner.isDigit(peek(5)) }
        for index in 4..<7 where !DateScanner.isDigit(peek(index)) { return false }
        return !DateScanner.isDigit(peek(7)) || !DateScanner.isDigit(peek(8))
    }

    /// ISO 8601 with a two-digit year, the whole text: `YYMMDD` or `YY-MM-DD`. The century is
    /// chosen as for RFC 822 years (00-49 are 20xx).
    mutating func parseTwoDigitYearISO8601() -> DateFields? {
        let length = end - position
        var fields = DateFields()
        if length == 6 {
            guard let year = fixedDigits(2), let month = fixedDigits(2), let day = fixedDigits(2) else { return nil }
            (fields.year, fields.month, fields.day) = (year, month, day)
        } else if length == 8, peek(2) == UInt8(ascii: "-"), peek(5) == UInt8(ascii: "-") {
            guard let year = fixedDigits(2) else { return nil }
            position += 1
            guard let month = fixedDigits(2) else { return nil }
            position += 1
            guard let day = fixedDigits(2) else { return nil }
            (fields.year, fields.month, fields.day) = (year, month, day)
        } else {
            return nil
        }
        fields.year += fields.year < 50 ? 2000 : 1900
        return fields
    }

    /// ISO 8601 / RFC 3339 / W3C-DTF, extended or basic form.
    mutating func parseISO8601() -> DateFields? {
        var fields = DateFields()
        guard let year = fixedDigits(4) else { return nil }
        fields.year = year
        let separator = current
        if separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/") {
            position += 1
            guard let month = digits(limit: 3) else { return nil }
            if month.count == 3 {
                // An ordinal date: the day of the year.
                guard separator == UInt8(ascii: "-"), fields.setOrdinal(month.value) else { return nil }
            } else {
                fields.month = month.value
                if current == separator {
                    position += 1
                    guard let day = digits(limit: 2) else { return nil }
                    fields.day = day.value
                }
            }
        } else if DateScanner.isDigit(current) {
            let start = position
            guard let rest = digits(limit: 4) else { return nil }
            if rest.count == 3 {
                guard fields.setOrdinal(rest.value) else { return nil }
            } else {
                guard rest.count == 4 else { return nil }
                position = start
                guard let month = fixedDigits(2), let day = fixedDigits(2) else { return nil }
                fields.month = month
                fields.day = day
            }
        }
        if atEnd { return fields }
        var meridiem: DateWords.Meaning?
        // Time separator: T, t, or spaces followed by a digit (or by am/pm, 오전/오후 and a digit).
        if current | 0x20 == UInt8(ascii: "t") {
            position += 1
            skipSpaces()
        } else if DateScanner.isSpace(current) {
            skipSpaces()
            if atEnd { return fields }
            if DateScanner.isLetter(current) {
                let mark = position
                let meaning = DateWords.meaning(of: word())
                switch meaning {
                case .ante?, .post?, .koreanAnte?, .koreanPost?:
                    meridiem = meaning
                    skipSpaces()
                default:
                    position = mark
                }
            }
            guard DateScanner.isDigit(current) else { return finishISOZone(&fields) ? fields : nil }
        } else {
            return nil
        }
        guard parseISOTime(&fields) else { return nil }
        let zoneStart = position
        guard finishISOZone(&fields) else { return nil }
        if let meridiem {
            guard fields.apply(meridiem) else { return nil }
            if meridiem.isKorean, Self.noZone(bytes, zoneStart..<position) { fields.offset = DateWords.koreaOffset }
        }
        return fields
    }

    /// Whether `range` holds nothing but spaces and a comment: no zone was written there.
    private static func noZone(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range {
            if bytes[index] == UInt8(ascii: "(") { return true }
            if !isSpace(bytes[index]) { return false }
        }
        return true
    }

    /// Whether only spaces or a parenthesised comment follow.
    private func atEndOfDate() -> Bool {
        var index = position
        while index < end, DateScanner.isSpace(bytes[index]) { index += 1 }
        return index == end || bytes[index] == UInt8(ascii: "(")
    }

    private mutating func parseISOTime(_ fields: inout DateFields) -> Bool {
        guard let hour = fixedDigits(2) ?? digits(limit: 1)?.value else { return false }
        fields.hour = hour
        if current == UInt8(ascii: ":") {
            position += 1
            guard let minute = fixedDigits(2) else { return false }
            fields.minute = minute
            if current == UInt8(ascii: ":") {
                position += 1
                guard let second = fixedDigits(2) else { return false }
                fields.second = second
            }
        } else if let minute = fixedDigits(2) {
            fields.minute = minute
            if let second = fixedDigits(2) { fields.second = second }
        }
        if current == UInt8(ascii: ".") || current == UInt8(ascii: ","), DateScanner.isDigit(peek(1)) {
            position += 1
            fields.fraction = fraction()
        }
        return true
    }

    /// The zone after an ISO time: `Z`, `±hh[:mm]`, `±hhmm`, or a space and a zone name or offset.
    /// Trailing text after a space (a comment) is ignored.
    private mutating func finishISOZone(_ fields: inout DateFields) -> Bool {
        skipSpaces()
        if atEnd { return true }
        let byte = current
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
            position += 1
            guard let offset = numericOffset(negative: byte == UInt8(ascii: "-")) else { return false }
            fields.offset = offset
        } else if DateScanner.isLetter(byte) {
            switch DateWords.meaning(of: word()) {
            case .zone(let offset)?, .military(let offset)?: fields.offset = offset
            default: return false
            }
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                let negative = current == UInt8(ascii: "-")
                position += 1
                guard let extra = numericOffset(negative: negative) else { return false }
                fields.offset += extra
            }
        } else if byte != UInt8(ascii: "(") {
            return false
        }
        return atEnd || DateScanner.isSpace(current) || current == UInt8(ascii: "(")
    }

    /// RFC 822 and every relative: a bag of tokens (weekday, day, month name, year, time, zone) in
    /// the orders seen in feeds. Needs at least a day, a month name and a year.
    mutating func parseRFC822() -> DateFields? {
        var fields = DateFields()
        var day: Int?
        var month: Int?
        var year: Int?
        var yearDigits = 0
        var haveTime = false
        var haveNumericOffset = false
        var zoneWord: Int?
        var meridiem: DateWords.Meaning?
        var korean = false
        var previousWasSpace = true

        while !atEnd {
            let byte = current
            if DateScanner.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                position += 1
                previousWasSpace = true
                continue
            }
            if byte == UInt8(ascii: "(") {
                while !atEnd, current != UInt8(ascii: ")") { position += 1 }
                position += 1
                previousWasSpace = true
                continue
            }
            if DateScanner.isDigit(byte) {
                guard let (value, count) = digits() else { return nil }
                if current >= 0x80, let unit = koreanUnit() {
                    // 2004년 05월 28일: the unit after a number says what the number is.
                    korean = true
                    switch unit {
                    case .koreanYear:
                        guard year == nil else { return nil }
                        year = value
                        yearDigits = count
                    case .koreanMonth:
                        guard month == nil else { return nil }
                        month = value
                    default:
                        guard day == nil else { return nil }
                        day = value
                    }
                    previousWasSpace = false
                    continue
                }
                if current == UInt8(ascii: ":"), DateScanner.isDigit(peek(1)), !haveTime, count <= 2 {
                    position += 1
                    guard let minute = digits(limit: 2), minute.count == 2 else { return nil }
                    fields.hour = value
                    fields.minute = minute.value
                    if current == UInt8(ascii: ":"), DateScanner.isDigit(peek(1)) {
                        position += 1
                        guard let second = digits(limit: 2), second.count == 2 else { return nil }
                        fields.second = second.value
                        if current == UInt8(ascii: "."), DateScanner.isDigit(peek(1)) {
                            position += 1
                            fields.fraction = fraction()
                        }
                    }
                    haveTime = true
                } else if count == 4 || count == 3, year == nil {
                    year = value
                    yearDigits = count
                } else if count <= 2, day == nil, value >= 1, value <= 31 {
                    day = value
                } else if count <= 2, year == nil {
                    year = value
                    yearDigits = count
                } else {
                    return nil
                }
                previousWasSpace = false
                continue
            }
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                let startsOffset =
                    DateScanner.isDigit(peek(1))
                    && (haveTime || zoneWord != nil || (year != nil && previousWasSpace && !haveNumericOffset))
                position += 1
                if startsOffset, !haveNumericOffset {
                    // An offset that does not read to its end (`+00:zz`) makes no date, not a UTC one.
                    guard let offset = numericOffset(negative: byte == UInt8(ascii: "-")),
                        !DateScanner.isLetter(current), !DateScanner.isDigit(current), current != UInt8(ascii: ":")
                    else { return nil }
                    fields.offset = (zoneWord ?? 0) + offset
                    haveNumericOffset = true
                }
                previousWasSpace = false
                continue
            }
            if DateScanner.isLetter(byte) {
                switch DateWords.meaning(of: word()) {
                case .month(let value)?:
                    month = value
                case .zone(let value)? where haveTime || year != nil:
                    if !haveNumericOffset, zoneWord == nil {
                        zoneWord = value
                        fields.offset = value
                    }
                case .military(let value)? where haveTime && atEndOfDate():
                    if !haveNumericOffset, zoneWord == nil {
                        zoneWord = value
                        fields.offset = value
                    }
                case let mark? where mark.isMeridiem:
                    meridiem = mark
                    if mark.isKorean { korean = true }
                default:
                    break
                }
                previousWasSpace = false
                continue
            }
            // Any other punctuation ('/', ';', quotes...) separates tokens.
            position += 1
            previousWasSpace = true
        }

        guard let day, let month, var year else { return nil }
        if yearDigits <= 2 {
            year += year < 50 ? 2000 : 1900
        } else if yearDigits == 3 {
            year += 1900
        }
        fields.year = year
        fields.month = month
        fields.day = day
        if let meridiem {
            guard fields.apply(meridiem) else { return nil }
        }
        if korean, !haveNumericOffset, zoneWord == nil { fields.offset = DateWords.koreaOffset }
        return fields
    }

    /// Reads a Korean date unit (년, 월, 일) right after a number; leaves the position alone and
    /// returns nil when the word is something else.
    @inline(never)
    private mutating func koreanUnit() -> DateWords.Meaning? {
        let mark = position
        let meaning = DateWords.meaning(of: word())
        switch meaning {
        case .koreanYear?, .koreanMonth?, .koreanDay?:
            return meaning
        default:
            position = mark
            return nil
        }
    }
}

extension DateWords.Meaning {
    var isMeridiem: Bool {
        switch self {
        case .ante, .post, .koreanAnte, .koreanPost: return true
        default: return false
        }
    }

    var isKorean: Bool {
        switch self {
        case .koreanAnte, .koreanPost, .koreanYear, .koreanMonth, .koreanDay: return true
        default: return false
        }
    }
}

extension DateFields {
    /// Sets month and day from a day of the year; false when the year has no such day.
    mutating func setOrdinal(_ dayOfYear: Int) -> Bool {
        var remaining = dayOfYear
        guard remaining >= 1 else { return false }
        for candidate in 1...12 {
            let length = DateFields.daysIn(month: candidate, year: year)
            if remaining <= length {
                month = candidate
                day = remaining
                return true
            }
            remaining -= length
        }
        return false
    }

    /// Applies am/pm to a 12-hour time; false when the hour is not one.
    mutating func apply(_ meridiem: DateWords.Meaning) -> Bool {
        guard (1...12).contains(hour) else { return false }
        switch meridiem {
        case .ante, .koreanAnte: if hour == 12 { hour = 0 }
        default: if hour < 12 { hour += 12 }
        }
        return true
    }
}
