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

# UTF-32 in both byte orders, with and without a byte-order mark.
UTF32_TEXT = "Grüße, café, 東京, Москва, 🚀"
for enc, bom in (("utf-32le", b"\xff\xfe\x00\x00"), ("utf-32be", b"\x00\x00\xfe\xff")):
    for with_bom in (True, False):
        name = "enc-%s%s.xml" % (enc, "-bom" if with_bom else "")
        with open(name, "wb") as f:
            f.write((bom if with_bom else b"") + feed("UTF-32", UTF32_TEXT).encode(enc))
with open("enc-utf-32.xml.txt", "w", encoding="utf-8") as f:
    f.write(UTF32_TEXT)

# No declaration, no hint, bytes that are not UTF-8: the parser has to detect the encoding. Short news
# items written for these tests, several per feed, as a real feed would carry.
DETECT = {
    "gb18030": ["北京市政府今天发布新的交通管理办法，从下个月开始实施。",
                "记者了解到，这项政策主要针对城市中心区域的拥堵问题。",
                "专家表示，公共交通的发展是解决问题的关键。"],
    "big5": ["臺灣的科技公司今年的營收創下新高，主要來自半導體產業的需求。",
             "經濟部表示，政府將繼續支持企業發展新技術。",
             "記者在台北訪問了多位業界人士。"],
    "euc-jp": ["東京都は今日、新しい防災計画を発表しました。",
               "地震や台風に備えて、住民への情報提供を強化するということです。",
               "専門家は、日頃からの準備が大切だと話しています。"],
    "shift_jis": ["大阪の商店街で、地元の食材を使った料理のイベントが開かれました。",
                  "多くの家族連れが訪れ、たこ焼きやお好み焼きを楽しんでいました。",
                  "主催者は来年も続けたいと話しています。"],
    "euc-kr": ["서울시는 오늘 새로운 대중교통 정책을 발표했습니다.",
               "이번 정책은 출퇴근 시간의 교통 혼잡을 줄이기 위한 것입니다.",
               "시민들의 반응은 대체로 긍정적입니다."],
    "koi8-r": ["Правительство Москвы объявило о строительстве новой линии метро.",
               "По словам мэра, работы начнутся весной и продлятся около трёх лет.",
               "Жители района давно ждали этого решения."],
    "windows-1251": ["Вчера в Санкт-Петербурге прошёл фестиваль уличной музыки.",
                     "Организаторы рассказали, что на площадях выступили более ста коллективов.",
                     "Следующий фестиваль пройдёт летом."],
    "windows-1252": ["Le café du coin a rouvert ses portes après des travaux.",
                     "« C’est une très bonne nouvelle », déclare une voisine — ravie.",
                     "Les habitués retrouvent leur comptoir préféré."],
}
for enc, titles in DETECT.items():
    items = "".join("<item><title>%s</title><description>%s</description></item>" % (t, t) for t in titles)
    doc = ('<rss version="2.0"><channel><title>%s</title><link>https://detect.example/</link>%s</channel></rss>\n'
           % (titles[0][:12], items))
    name = "detect-%s.xml" % enc
    with open(name, "wb") as f:
        f.write(doc.encode(enc))
    with open(name + ".txt", "w", encoding="utf-8") as f:
        f.write("\n".join(titles))
