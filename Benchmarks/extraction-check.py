#!/usr/bin/env python3
"""Development check of `tidings extract` against Mozilla Readability's test pages.

Unpacks ../shared/extraction/readability-test-pages-*.tar.gz into .build/extraction, runs
`tidings extract --format json --base URL source.html` on every page and scores the text against
expected.html's text: precision, recall and F1 over 4-word shingles (words are runs of letters and
digits, case kept; each page weighs the same), and the share of titles equal to the expected ones.

Usage: Benchmarks/extraction-check.py [--binary PATH] [--pages DIR] [--verbose] [--jobs N]
Exits 0 after printing the scores, 2 when the pages are not there (the check is optional).
"""
import argparse
import collections
import glob
import html.parser
import json
import os
import re
import subprocess
import sys
import tarfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Readability's tests load every page from this address.
PAGE_URL = "http://fakehost/test/page.html"
WORD = re.compile(r"[^\W_]+")


class TextOf(html.parser.HTMLParser):
    """The text of an HTML fragment, a space at every tag so that words never join."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1
        self.parts.append(" ")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def words(text):
    return WORD.findall(text)


def shingles(tokens, size=4):
    if len(tokens) < size:
        return collections.Counter([tuple(tokens)]) if tokens else collections.Counter()
    return collections.Counter(tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1))


def score(expected, found):
    e, f = shingles(words(expected)), shingles(words(found))
    if not e and not f:
        return 1.0, 1.0, 1.0
    overlap = sum((e & f).values())
    precision = overlap / sum(f.values()) if f else 0.0
    recall = overlap / sum(e.values()) if e else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def unpack(pages):
    if os.path.isdir(pages):
        return True
    archives = glob.glob(os.path.join(ROOT, "..", "shared", "extraction", "readability-test-pages-*.tar.gz"))
    if not archives:
        return False
    target = os.path.join(ROOT, ".build", "extraction")
    os.makedirs(target, exist_ok=True)
    with tarfile.open(archives[0]) as archive:
        archive.extractall(target)
    return os.path.isdir(pages)


def check(binary, folder):
    name = os.path.basename(folder)
    with open(os.path.join(folder, "expected.html"), encoding="utf-8", errors="replace") as f:
        parser = TextOf()
        parser.feed(f.read())
        expected = "".join(parser.parts)
    with open(os.path.join(folder, "expected-metadata.json"), encoding="utf-8") as f:
        metadata = json.load(f)
    run = subprocess.run([binary, "extract", "--format", "json", "--base", PAGE_URL,
                          os.path.join(folder, "source.html")], capture_output=True)
    found, title = "", None
    if run.returncode == 0:
        article = json.loads(run.stdout)
        found, title = article["text"] or "", article["title"]
    p, r, f1 = score(expected, found)
    norm = lambda t: " ".join((t or "").split())
    return name, run.returncode, p, r, f1, norm(title) == norm(metadata.get("title"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "tidings"))
    parser.add_argument("--pages", default=os.path.join(ROOT, ".build", "extraction", "readability-test-pages",
                                                        "test", "test-pages"))
    parser.add_argument("--verbose", action="store_true", help="print every page's scores")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if not unpack(args.pages):
        print("extraction-check: no test pages (../shared/extraction); skipped", file=sys.stderr)
        return 2
    folders = sorted(d for d in glob.glob(os.path.join(args.pages, "*")) if os.path.isdir(d))
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda d: check(args.binary, d), folders))
    if args.verbose:
        for name, status, p, r, f1, title in sorted(results, key=lambda x: x[4]):
            print(f"{f1:6.3f}  p={p:5.3f} r={r:5.3f}  exit={status}  title={'ok' if title else 'no'}  {name}")
    n = len(results)
    mean = lambda i: sum(x[i] for x in results) / n
    print(f"pages {n}  precision {mean(2):.4f}  recall {mean(3):.4f}  F1 {mean(4):.4f}  "
          f"titles {sum(x[5] for x in results) / n:.3f}  no-article {sum(x[1] != 0 for x in results)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
