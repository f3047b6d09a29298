extension DateScanner {
    /// Whether the text starts like an ISO 8601 date: four digits then `-`, `/`, `T` or the end, or
    /// eight digits (the basic form).
    func looksLikeISO8601() -> Bool {
        for index in 0..<4 where !DateScanner.isDigit(peek(index)) { return false }
        let next = peek(4)
        if position + 4 == end { return true }
        if next == UInt8(ascii: "-") || next == UInt8(ascii: "/") { return DateScanner.isDigit(peek(5)) }
        if next | 0x20 == UInt8(ascii: "t") { return DateScanner.isDigit(peek(5)) }
        for index in 4..<8 where !DateScanner.isDigit(peek(index)) { return false }
        return !DateScanner.isDigit(peek(8))
    }

    /// ISO 8601 / RFC 3339 / W3C-DTF, extended or basic form.
    mutating func parseISO8601() -> DateFields? {
        var fields = DateFields()
        guard let year = fixedDigits(4) else { return nil }
        fields.year = year
        let separator = current
        if separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/") {
            position += 1
            guard let month = digits(limit: 2) else { return nil }
            fields.month = month.value
            if current == separator {
                position += 1
                guard let day = digits(limit: 2) else { return nil }
                fields.day = day.value
            }
        } else if DateScanner.isDigit(current) {
            guard let month = fixedDigits(2), let day = fixedDigits(2) else { return nil }
            fields.month = month
            fields.day = day
        }
        if atEnd { return fields }
        // Time separator: T, t, or spaces followed by a digit.
        if current | 0x20 == UInt8(ascii: "t") {
            position += 1
            skipSpaces()
        } else if DateScanner.isSpace(current) {
            skipSpaces()
            if atEnd { return fields }
            guard DateScanner.isDigit(current) else { return finishISOZone(&fields) ? fields : nil }
        } else {
            return nil
        }
        guard parseISOTime(&fields) else { return nil }
        return finishISOZone(&fields) ? fields : nil
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
            let key = word()
            guard case .zone(let offset)? = DateWords.meaning(of: key) else { return false }
            fields.offset = offset
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
                    guard let offset = numericOffset(negative: byte == UInt8(ascii: "-")) else { return nil }
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
                case .ante?:
                    meridiem = .ante
                case .post?:
                    meridiem = .post
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
        switch meridiem {
        case .ante?:
            guard (1...12).contains(fields.hour) else { return nil }
            if fields.hour == 12 { fields.hour = 0 }
        case .post?:
            guard (1...12).contains(fields.hour) else { return nil }
            if fields.hour < 12 { fields.hour += 12 }
        default:
            break
        }
        return fields
    }
}
