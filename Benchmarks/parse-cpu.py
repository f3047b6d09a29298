#!/usr/bin/env python3
"""CPU time (user + sys of each run) of builds of the parser beside sfeed and the libxml2 floor, on the
shared corpus's two 50 MB files, in interleaved rounds so that every reader sees the same load; prints
the least and the median of N rounds. On a shared machine this is the figure to compare, not wall time.

Usage: Benchmarks/parse-cpu.py N LABEL=BIN_DIR...   (each BIN_DIR holds tidings and tidings-bench)
Needs $TIDINGS_BENCH_DATA (default .build/bench-data) with a corpus and libxml2_floor, as
`Benchmarks/run.sh parse` leaves them."""
import glob, os, resource, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
data = os.environ.get("TIDINGS_BENCH_DATA", os.path.join(root, ".build", "bench-data"))
large = sorted(glob.glob(os.path.join(data, "corpus-*", "large")))
if len(sys.argv) < 3 or not large:
    sys.exit(__doc__ if len(sys.argv) < 3 else "no corpus under %s: run Benchmarks/run.sh parse first" % data)
rounds = int(sys.argv[1])
builds = [arg.split("=", 1) for arg in sys.argv[2:]]
readers = {"floor": lambda f: ([os.path.join(data, "libxml2_floor"), f, "1"], None), "sfeed": lambda f: (["sfeed"], f)}
for kind, argv in [("raw", ["tidings", "parse", "--raw"]), ("whole", ["tidings-bench", "parse", "--mode", "whole", "--runs", "1"]),
                   ("stream", ["tidings-bench", "parse", "--mode", "stream", "--runs", "1"])]:
    for label, folder in builds:
        readers[kind + " " + label] = (lambda a, d: lambda f: ([os.path.join(d, a[0])] + a[1:] + [f], None))(argv, folder)
files = ["large-rss.xml", "large-atom.xml"]
times = {}
for _ in range(rounds):
    for name in files:
        path = os.path.join(large[0], name)
        for label, make in readers.items():
            argv, stdin = make(path)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            with open(stdin or os.devnull, "rb") as source:
                subprocess.run(argv, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times.setdefault((name, label), []).append(
                after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
for name in files:
    sfeed, floor = min(times[(name, "sfeed")]), min(times[(name, "floor")])
    print(name)
    for label in readers:
        runs = sorted(times[(name, label)])
        least = runs[0]
        print("  %-16s least %.3f s  median %.3f s  vs sfeed %.2fx  of floor %3.0f%%"
              % (label, least, runs[len(runs) // 2], sfeed / least, floor / least * 100))
