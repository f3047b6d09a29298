/// Guesses the legacy encoding of a document that declares none and is not UTF-8, the way browsers'
/// detectors do: the sample is decoded as each candidate (GB18030, Big5, EUC-JP, Shift_JIS, EUC-KR,
/// KOI8-R, windows-1251, windows-1252) and scored by how much the characters it gives look like
/// text in that encoding's language (its most frequent characters, its scripts, letter case inside
/// words), with undecodable sequences weighing heavily against it. Stateless.
enum EncodingDetector {
    private enum Language { case simplifiedChinese, traditionalChinese, japanese, korean, russian, western }

    private struct Candidate {
        let name: String
        let language: Language
    }

    private static let candidates = [
        Candidate(name: "windows-1252", language: .western),
        Candidate(name: "gb18030", language: .simplifiedChinese),
        Candidate(name: "big5", language: .traditionalChinese),
        Candidate(name: "euc-jp", language: .japanese),
        Candidate(name: "shift_jis", language: .japanese),
        Candidate(name: "euc-kr", language: .korean),
        Candidate(name: "windows-1251", language: .russian),
        Candidate(name: "koi8-r", language: .russian),
    ]

    /// The lower-case IANA name of the likeliest encoding of `sample` (bytes from the first one
    /// that is not ASCII on; a sequence cut at its end is ignored).
    static func detect(_ sample: UnsafeBufferPointer<UInt8>) -> String {
        var best = "windows-1252"
        var bestScore = -Double.infinity
        for candidate in candidates {
            guard let converter = IconvConverter(from: EncodingSniffer.iconvName(for: candidate.name)) else { continue }
            var utf8: [UInt8] = []
            _ = converter.convert(sample, final: false, into: &utf8)
            let scalars = Array(String(decoding: utf8, as: UTF8.self).unicodeScalars)
            let score = Self.score(scalars, candidate.language)
            if score > bestScore {
                bestScore = score
                best = candidate.name
            }
        }
        return best
    }

    private static func score(_ scalars: [Unicode.Scalar], _ language: Language) -> Double {
        var total = 0.0
        for (i, scalar) in scalars.enumerated() {
            let v = scalar.value
            if v < 0x80 { continue }
            if v == 0xFFFD {
                total -= 10
                continue
            }
            switch language {
            case .simplifiedChinese: total += chinese(scalar, common: Frequent.simplified)
            case .traditionalChinese: total += chinese(scalar, common: Frequent.traditional)
            case .japanese: total += japanese(scalar)
            case .korean: total += korean(scalar)
            case .russian: total += cyrillic(scalars, i)
            case .western: total += latin(scalars, i)
            }
        }
        return total
    }

    private static func isCJKPunctuation(_ v: UInt32) -> Bool {
        (0x3000...0x303F).contains(v) || (0xFF00...0xFFEF).contains(v) || v == 0x2014 || v == 0x2026
            || (0x2018...0x201D).contains(v) || v == 0xB7
    }

    private static func chinese(_ scalar: Unicode.Scalar, common: Set<Unicode.Scalar>) -> Double {
        let v = scalar.value
        if common.contains(scalar) { return 3 }
        if (0x4E00...0x9FFF).contains(v) { return 1 }
        if isCJKPunctuation(v) { return 1 }
        return -1
    }

    private static func japanese(_ scalar: Unicode.Scalar) -> Double {
        let v = scalar.value
        if (0x3041...0x309F).contains(v) { return 3 }
        if (0x30A0...0x30FF).contains(v) { return 2 }
        if Frequent.kanji.contains(scalar) { return 3 }
        if (0x4E00...0x9FFF).contains(v) { return 1 }
        if isCJKPunctuation(v) { return 1 }
        return -1
    }

    private static func korean(_ scalar: Unicode.Scalar) -> Double {
        let v = scalar.value
        if Frequent.hangul.contains(scalar) { return 3 }
        if (0xAC00...0xD7A3).contains(v) { return 1 }
        if isCJKPunctuation(v) { return 1 }
        if (0x4E00...0x9FFF).contains(v) { return 0 }
        return -1
    }

    private static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
        (s.value | 0x20) >= 0x61 && (s.value | 0x20) <= 0x7A
    }

    private static func isCyrillicLetter(_ s: Unicode.Scalar) -> Bool { (0x0400...0x045F).contains(s.value) }

    private static func isCyrillicUpper(_ v: UInt32) -> Bool { (0x0400...0x042F).contains(v) }

    private static func cyrillic(_ scalars: [Unicode.Scalar], _ i: Int) -> Double {
        let scalar = scalars[i]
        let v = scalar.value
        let before = i > 0 ? scalars[i - 1] : " "
        let after = i + 1 < scalars.count ? scalars[i + 1] : " "
        guard isCyrillicLetter(scalar) else {
            switch v {
            case 0xAB, 0xBB, 0x2013, 0x2014, 0x2116, 0x2026, 0xA0, 0x201C, 0x201D, 0x201E: return 0.5
            default: return -1
            }
        }
        // A Cyrillic letter inside a Latin word is a misreading.
        if isASCIILetter(before) || isASCIILetter(after) { return -2 }
        if isCyrillicUpper(v) {
            // Capitals inside a word (the other encoding's lower case read as upper case).
            return isCyrillicLetter(before) && !isCyrillicUpper(before.value) ? -2 : 0.5
        }
        return Frequent.russian.contains(scalar) ? 2 : 1
    }

    private static func latin(_ scalars: [Unicode.Scalar], _ i: Int) -> Double {
        let v = scalars[i].value
        let before = i > 0 ? scalars[i - 1] : " "
        let after = i + 1 < scalars.count ? scalars[i + 1] : " "
        if (0xC0...0xFF).contains(v), v != 0xD7, v != 0xF7 {
            // Accented letters sit among unaccented ones in Western text.
            return isASCIILetter(before) || isASCIILetter(after) ? 2 : -0.5
        }
        switch v {
        case 0x2018...0x201E, 0x2013, 0x2014, 0x2026, 0x20AC, 0x2022, 0x2122: return 1
        case 0xA0...0xBF: return 0.5
        default: return -1
        }
    }

    /// The most frequent characters of each language, written for this detector.
    private enum Frequent {
        static let simplified = Set(
            ("的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里"
                + "用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实"
                + "日新业长高者最月将新闻网站报记者表示政府市场公司发展工作问题社会经济企业国家技术信息服务时间记录")
                .unicodeScalars)
        static let traditional = Set(
            ("的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡"
                + "用道行所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實"
                + "日新業長高者最月將新聞網站報記者表示政府市場公司發展工作問題社會經濟企業國家技術資訊服務時間臺灣")
                .unicodeScalars)
        static let kanji = Set(
            ("日本人年月時間分大中小上下新話事出会社者行見言思生手前後今回同自気発場合東京都国語文学校先"
                + "名物所方私何本当入来表記問題政府経済市内外部情報開発円以上会議最近子目立長")
                .unicodeScalars)
        static let hangul = Set(
            ("이다는의에하고을가한지서로를기사대리정수자시일아어도인나들해그게있것보내우전구소주부면요만상제"
                + "위성중원국무신연장문오여적과라동비은님화세공및년방회선경생관발학교로운미했습니다거래말"
                + "당에서출용계식통실야조개며터까지또설현산업정치사회경제")
                .unicodeScalars)
        static let russian = Set("оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё".prefix(12).unicodeScalars)
    }
}
