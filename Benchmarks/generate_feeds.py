#!/usr/bin/env python3
"""Writes the large benchmark feeds: RSS 2.0 and Atom 1.0 documents of about SIZE MB each
(about 20,000 items for 50 MB) with 1-3 KB HTML bodies, entities, CDATA and non-ASCII text.
The output is deterministic for a given seed, so runs compare like with like."""
import argparse
import os
import random

WORDS = ("feed reader terminal swift parser library kernel release notes security update "
         "café naïve résumé Zürich São Paulo 東京 北京 서울 Москва ☕ 🚀 שלום مرحبا "
         "performance benchmark streaming memory latency throughput").split()


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def body(rng):
    parts = []
    target = rng.randint(1000, 3000)
    size = 0
    while size < target:
        p = "<p>%s &amp; <a href=\"/post/%d\">%s</a> <em>%s</em> &mdash; %s</p>" % (
            sentence(rng, 12), rng.randint(1, 10**6), sentence(rng, 3), sentence(rng, 2), sentence(rng, 10))
        parts.append(p)
        size += len(p.encode())
    return "".join(parts)


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def rss(path, target_bytes, rng):
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
                'xmlns:content="http://purl.org/rss/1.0/modules/content/" '
                'xmlns:dc="http://purl.org/dc/elements/1.1/">\n<channel>\n'
                '<title>Benchmark Feed</title><link>https://bench.example/</link>'
                '<description>Generated for benchmarks</description>\n')
        i = 0
        while f.tell() < target_bytes:
            i += 1
            b = body(rng)
            cdata = i % 2 == 0
            desc = "<![CDATA[%s]]>" % b if cdata else esc(b)
            f.write("<item><title>%s &amp; item %d</title><link>https://bench.example/%d</link>"
                    "<guid isPermaLink=\"false\">bench-%d</guid><pubDate>Mon, 0%d Jan 2024 1%d:2%d:00 +0000</pubDate>"
                    "<dc:creator>%s</dc:creator><category>%s</category><description>%s</description></item>\n"
                    % (esc(sentence(rng, 6)), i, i, i, 1 + i % 9, i % 10, i % 10, esc(sentence(rng, 2)),
                       esc(rng.choice(WORDS)), desc))
        f.write("</channel>\n</rss>\n")
    return i


def atom(path, target_bytes, rng):
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n'
                '<title>Benchmark Feed</title><id>urn:bench</id><updated>2024-01-01T00:00:00Z</updated>'
                '<link href="https://bench.example/"/>\n')
        i = 0
        while f.tell() < target_bytes:
            i += 1
            f.write("<entry><title type=\"html\">%s &amp;amp; entry %d</title><id>urn:bench:%d</id>"
                    "<link href=\"https://bench.example/%d\"/><updated>2024-01-0%dT1%d:2%d:00Z</updated>"
                    "<author><name>%s</name></author><category term=\"%s\"/>"
                    "<content type=\"html\">%s</content></entry>\n"
                    % (esc(sentence(rng, 6)), i, i, i, 1 + i % 9, i % 10, i % 10, esc(sentence(rng, 2)),
                       esc(rng.choice(WORDS)), esc(body(rng))))
        f.write("</feed>\n")
    return i


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("outdir")
    ap.add_argument("--mb", type=float, default=50)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    target = int(a.mb * 1_000_000)
    n = rss(os.path.join(a.outdir, "big-rss.xml"), target, random.Random(a.seed))
    m = atom(os.path.join(a.outdir, "big-atom.xml"), target, random.Random(a.seed + 1))
    print("big-rss.xml: %d items; big-atom.xml: %d items" % (n, m))


if __name__ == "__main__":
    main()
