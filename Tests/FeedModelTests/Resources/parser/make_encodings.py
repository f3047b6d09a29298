#!/usr/bin/env python3
"""Writes the encoding fixtures: one small RSS 2.0 feed per encoding, its bytes produced by Python's
codecs, so the parser's decoding is checked against an independent encoder. Run from this folder."""
TEXT = {
    "utf-8": "Grüße, café, 東京, Москва, 🚀",
    "utf-16le": "Grüße, café, 東京, Москва, 🚀",
    "utf-16be": "Grüße, café, 東京, Москва, 🚀",
    "iso-8859-1": "Grüße aus Zürich, café à la française",
    "iso-8859-2": "Zażółć gęślą jaźń, Łódź",
    "iso-8859-5": "Привет из Москвы",
    "iso-8859-7": "Καλημέρα κόσμε",
    "iso-8859-15": "Prix: 10 €, œuvre",
    "windows-1250": "Příliš žluťoučký kůň",
    "windows-1251": "Съешь же ещё этих булок",
    "windows-1252": "“Smart quotes” – and € too",
    "windows-1253": "Ελληνικά κείμενα",
    "windows-1254": "Türkçe karakterler: ğüşıöç",
    "windows-1255": "שלום עולם",
    "windows-1256": "مرحبا بالعالم",
    "windows-1257": "Lietuvių kalba ąčęėįšųūž",
    "windows-1258": "Đông Hà và Huê",
    "koi8-r": "Широкая электрификация южных губерний",
    "shift_jis": "日本語のテキスト、カタカナ",
    "euc-jp": "日本語のテキスト、ひらがな",
    "gb2312": "中文简体测试",
    "gbk": "中文測試繁體字",
    "gb18030": "中文测试 𠀀 ①",
    "big5": "中文繁體測試",
}


def feed(encoding, text, declare=True):
    decl = '<?xml version="1.0" encoding="%s"?>\n' % encoding if declare else '<?xml version="1.0"?>\n'
    return (decl + '<rss version="2.0"><channel><title>%s</title><link>https://enc.example/</link>'
            '<item><title>%s</title><description>%s</description></item></channel></rss>\n') % (
        encoding, text, text)


for enc, text in TEXT.items():
    name = "enc-%s.xml" % enc
    if enc.startswith("utf-16"):
        data = b"\xff\xfe" if enc == "utf-16le" else b"\xfe\xff"
        data += feed("UTF-16", text).encode(enc)
    else:
        data = feed(enc.upper(), text).encode(enc)
    with open(name, "wb") as f:
        f.write(data)
    with open(name + ".txt", "w", encoding="utf-8") as f:
        f.write(text)

# No declaration: the caller's charset hint (HTTP) decides.
with open("enc-hint-koi8-r.xml", "wb") as f:
    f.write(feed("", "Привет, мир", declare=False).encode("koi8-r"))
# UTF-8 with a byte-order mark and an invalid byte in the middle of the first item's title.
with open("enc-invalid-utf8.xml", "wb") as f:
    f.write(b'\xef\xbb\xbf<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>Bad bytes</title>'
            b'<item><title>before \xff\xfe after</title></item><item><title>second \xc3\xa9 item</title></item>'
            b'</channel></rss>\n')
