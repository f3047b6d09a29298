#!/usr/bin/env bash
# Runs Tidings' benchmarks side by side with the peers a user would otherwise pick, in one run, and
# prints MB/s, items/s, times and peak memory with the ratios. `make bench` calls it after a release build.
# Usage: Benchmarks/run.sh [parse|fetch|refresh|reader|export]...   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=$ROOT/.build/release
DATA=${TIDINGS_BENCH_DATA:-$ROOT/.build/bench-data}
MEASURE="python3 $ROOT/Benchmarks/measure.py"
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(parse fetch refresh reader export)
mkdir -p "$DATA"

has_bench() { "$BIN/tidings-bench" help "$1" >/dev/null 2>&1; }
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('%.2f' % (a/b if b else 0))" "$1" "$2"; }

bench_parse() {
    echo "== parse: 50 MB RSS 2.0 and Atom 1.0 (MB/s higher is better)"
    [ -f "$DATA/big-rss.xml" ] || python3 Benchmarks/generate_feeds.py "$DATA" --mb 50
    gcc -O2 -o "$DATA/libxml2_floor" Benchmarks/libxml2_floor.c $(pkg-config --cflags --libs libxml-2.0)
    for f in big-rss.xml big-atom.xml; do
        local path=$DATA/$f bytes
        bytes=$(stat -c %s "$path")
        local floor sfeed_line raw_line
        floor=$("$DATA/libxml2_floor" "$path" 3)
        sfeed_line=$($MEASURE --runs 3 --stdin "$path" --bytes "$bytes" -- sfeed)
        raw_line=$($MEASURE --runs 3 --bytes "$bytes" -- "$BIN/tidings" parse --raw "$path")
        echo "$f ($bytes bytes)"
        echo "  libxml2 SAX2 floor (empty callbacks):   ${floor} MB/s"
        echo "  sfeed < FILE > /dev/null:                $sfeed_line"
        echo "  tidings parse --raw FILE > /dev/null:    $raw_line"
        if has_bench parse; then
            "$BIN/tidings-bench" parse --floor-mbps "$floor" "$path" | sed 's/^/  /'
        fi
        echo "  ratio tidings parse --raw / sfeed:       $(ratio "$(echo "$raw_line" | field mb_per_s)" "$(echo "$sfeed_line" | field mb_per_s)")"
    done
    if has_bench parse; then
        echo "== parse: bundled sample feeds"
        "$BIN/tidings-bench" parse Feeds/*.xml Feeds/*.rdf Feeds/*.json 2>/dev/null | sed 's/^/  /' || true
    fi
}

run_section() {
    local name=$1
    case $name in
        parse) bench_parse ;;
        *)
            if has_bench "$name"; then
                echo "== $name"
                "$BIN/tidings-bench" "$name" --package-root "$ROOT" --data "$DATA"
            else
                echo "== $name: no benchmark yet"
            fi
            ;;
    esac
}

for s in "${sections[@]}"; do run_section "$s"; done
