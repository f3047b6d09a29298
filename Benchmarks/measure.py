#!/usr/bin/env python3
"""Runs a command several times and prints its best wall time and its peak resident memory, measured
with wait4(2) on that child alone, so that peer programs are measured the same way as Tidings.

usage: measure.py [--runs N] [--stdin FILE] [--bytes N] [--items N] -- COMMAND ARGS...
Prints one line: seconds=S peak_mb=M cpu_s=C [mb_per_s=X] [items_per_s=Y], where cpu_s is the least user
plus system time of a run (on a busy machine it moves far less than the wall time)."""
import argparse
import os
import subprocess
import sys
import time


def run_once(cmd, stdin_path):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if stdin_path:
        stdin.close()
    code = os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_maxrss / 1024.0, code, usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--stdin")
    ap.add_argument("--bytes", type=int)
    ap.add_argument("--items", type=int)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    best, peak, best_cpu = None, 0.0, None
    for _ in range(a.runs):
        elapsed, rss, code, cpu = run_once(cmd, a.stdin)
        if code != 0:
            print("failed: exit %d: %s" % (code, " ".join(cmd)), file=sys.stderr)
            sys.exit(1)
        best = elapsed if best is None else min(best, elapsed)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
        peak = max(peak, rss)
    out = "seconds=%.3f peak_mb=%.1f cpu_s=%.3f" % (best, peak, best_cpu)
    if a.bytes:
        out += " mb_per_s=%.1f" % (a.bytes / 1e6 / best)
    if a.items:
        out += " items_per_s=%.0f" % (a.items / best)
    print(out)


if __name__ == "__main__":
    main()
