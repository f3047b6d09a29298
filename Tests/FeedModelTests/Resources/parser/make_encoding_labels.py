#!/usr/bin/env python3
"""Writes the encoding-label fixtures: one small RSS 2.0 feed per label spelling real feeds use, its
bytes (declaration included, so EBCDIC documents are EBCDIC throughout) produced by Python's codecs.
Run from this folder."""
LABELS = [
    # (label written in the declaration, Python codec, text)
    ("windows_1252", "cp1252", "\u201cSmart quotes\u201d \u2013 and \u20ac too"),
    ("x-mac-roman", "mac_roman", "Caf\u00e9 \u2013 \u201cMac\u201d \u0192 \u2122"),
    ("mac_roman", "mac_roman", "\u00c5ngstr\u00f6m \u2260 \u00f8"),
    ("cp037", "cp037", "EBCDIC caf\u00e9 \u00a2 [brackets] {braces}"),
    ("ebcdic-cp-be", "cp500", "EBCDIC \u00e0 la Belge \u00e7a [x]"),
    ("cp1140", "cp1140", "EBCDIC with \u20ac 10"),
    ("cp273", "cp273", "Gr\u00fc\u00dfe aus M\u00fcnchen"),
    ("ibm437", "cp437", "Box \u2554\u2550\u2557 \u00bd \u00f1"),
    ("cp_is", "cp861", "\u00cdslenska \u00fe\u00f0 \u00c6"),
    ("cp850", "cp850", "\u00c7a va \u00ff \u00d8"),
    ("ibm866", "cp866", "\u041f\u0440\u0438\u0432\u0435\u0442 \u0438\u0437 DOS"),
    ("iso_8859_15", "iso8859_15", "\u0153uvre \u20ac \u0160"),
    ("latin2", "iso8859_2", "Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105"),
    ("koi8_u", "koi8_u", "\u041a\u0438\u0457\u0432 \u0491\u0430\u043d\u043e\u043a"),
    ("x-mac-cyrillic", "mac_cyrillic", "\u041f\u0440\u0438\u0432\u0435\u0442 \u043c\u0438\u0440"),
    ("dos-874", "cp874", "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22"),
    ("iso-8859-8-i", "iso8859_8", "\u05e9\u05dc\u05d5\u05dd"),
    ("ks_c_5601-1987", "cp949", "\ud55c\uad6d\uc5b4 \ud14c\uc2a4\ud2b8"),
    ("ms932", "cp932", "\u65e5\u672c\u8a9e \u2460"),
    ("windows_1251", "cp1251", "\u0421\u044a\u0435\u0448\u044c \u0436\u0435"),
]


def feed(label, text):
    return ('<?xml version="1.0" encoding="%s"?>\n<rss version="2.0"><channel><title>Labels</title>'
            '<link>https://enc.example/</link><item><title>%s</title><description>%s</description></item>'
            '</channel></rss>\n') % (label, text, text)


with open("labels.txt", "w", encoding="utf-8") as index:
    for label, codec, text in LABELS:
        name = "label-%s.xml" % label
        with open(name, "wb") as f:
            f.write(feed(label, text).encode(codec))
        with open(name + ".txt", "w", encoding="utf-8") as f:
            f.write(text)
        index.write(label + "\n")
