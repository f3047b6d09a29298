#!/usr/bin/env python3
"""Reads `perf script -F tid,time,ip,sym,dso` of a refresh (call graphs, leaf first) on standard input
and prints the share of processor time of each stage of the refresh pipeline, and of the parts of the
store's writer (1999 samples a second, as profile-refresh.sh records them).
Benchmarks/profile-refresh.sh feeds it."""
import re
import sys
from collections import Counter

# The writer's parts: (stage, markers), a sample of the writer (a frame of `FeedStore.apply`, of one
# document or a group) going to the first whose marker any of its frames contains.
WRITER = "AAC5apply"
WRITER_PARTS = [
    ("writer: commit, full-text segments flushed and merged", ["fts5SyncMethod", "sqlite3VtabSync"]),
    ("writer: commit, write-ahead log frames", ["sqlite3WalFrames", "pagerWalFrames", "walWriteOneFrame"]),
    ("writer: full-text insert (tokenise, hash)", ["fts5UpdateMethod", "sqlite3Fts5StorageIndexInsert"]),
    ("writer: rows, indexes and the rest", [WRITER]),
]
# Every other sample goes to the stage of the frame nearest its leaf that names one of these markers
# (Swift's mangled names: a type's name also stands in the names of functions that only take it).
STAGES = [
    ("checkpoints (background and final)", ["BackgroundCheckpoints", "truncateWriteAheadLog", "sqlite3_wal_checkpoint"]),
    ("retention", ["RetentionWriter"]),
    ("prepare: parse", ["FeedModel0A6ParserO5parse", "FeedModel13XMLFeedParser", "FeedModel14JSONFeedParser"]),
    ("prepare: bodies compressed", ["BodyColumnO6encode", "DictionaryCompressorC8compress_"]),
    ("prepare: body dictionaries", ["BodyDictionaryV10compressed", "BodyDictionaryV8madeFrom", "DictionaryCompressorCyAC",
                                    "DictionaryCompressorC010compressed"]),
    ("prepare: plain and search text", ["SearchTextO", "HTMLTextO", "CJKBigramsO", "HTMLPlainScan"]),
    ("prepare: body hash", ["BodyHashO2of"]),
    ("prepare: the rest (identities, content hashes, values)", ["RefreshFeedProcessorV7prepare"]),
    ("fetch thread (libcurl, decompression)", ["TransferLoop", "curl_multi", "libdeflate"]),
]
OTHER = "other (start-up, scheduling, runtime)"

FRAME = re.compile(r"^\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$")
HEADER = re.compile(r"^\s*\d+\s+\d+\.\d+:")


def stage_of(frames):
    """frames: leaf first."""
    if any(WRITER in f for f in frames):
        text = " ".join(frames)
        return next(name for name, markers in WRITER_PARTS if any(m in text for m in markers))
    for frame in frames:
        for name, markers in STAGES:
            if any(m in frame for m in markers):
                return name
    return OTHER


def main():
    counts = Counter()
    frames = []
    total = 0
    for line in sys.stdin:
        if HEADER.match(line):
            if frames:
                counts[stage_of(frames)] += 1
                total += 1
            frames = []
            continue
        m = FRAME.match(line)
        if m:
            frames.append(m.group(1))
    if frames:
        counts[stage_of(frames)] += 1
        total += 1
    if not total:
        print("no samples")
        return
    print("%-58s %7s %9s" % ("stage", "share", "cpu s"))
    order = [name for name, _ in WRITER_PARTS + STAGES] + [OTHER]
    writer = sum(v for k, v in counts.items() if k.startswith("writer"))
    for name in order:
        if counts[name]:
            print("%-58s %6.1f%% %9.3f" % (name, 100.0 * counts[name] / total, counts[name] / 1999.0))
    print("%-58s %6.1f%% %9.3f" % ("writer, all parts", 100.0 * writer / total, writer / 1999.0))
    print("%-58s %6s %9.3f" % ("all samples", "100%", total / 1999.0))


if __name__ == "__main__":
    main()
