#!/usr/bin/env bash
# Records what one build of the parser makes of every feed input we have, so that a parser change can
# be checked for byte-identical output: `tidings parse --raw` (stdout, stderr, exit status) and the
# model values (`tidings-bench parse --mode dump`) of each input.
# Usage: Benchmarks/parse-identity.sh record BIN_DIR OUT_DIR   (BIN_DIR holds tidings and tidings-bench)
#        Benchmarks/parse-identity.sh compare OUT_DIR_A OUT_DIR_B
# Inputs: Feeds/, the test fixtures, ../shared/conformance, the feed fuzzers' seeds, and the shared
# corpus's feeds and large files when $TIDINGS_BENCH_DATA holds them.
set -uo pipefail
cd "$(dirname "$0")/.."
inputs() {
    {
        find Feeds -type f
        find Tests -type f ! -name '*.swift'
        [ -d ../shared/conformance ] && find ../shared/conformance -type f \( -name '*.xml' -o -name '*.json' -o -name '*.rss' -o -name '*.atom' \)
        find Fuzz/Seeds/fuzz-feed Fuzz/Seeds/fuzz-feed-stream Fuzz/Seeds/fuzz-json-feed -type f 2>/dev/null
        local corpus
        for corpus in "${TIDINGS_BENCH_DATA:-.build/bench-data}"/corpus-*; do
            [ -d "$corpus" ] || continue
            find "$corpus/large" "$corpus/feeds" -type f 2>/dev/null
            break
        done
    } | sort -u
}
case "${1:-}" in
record)
    bin=$2 out=$3
    mkdir -p "$out"
    inputs > "$out/inputs.list"
    n=0
    while read -r f; do
        key=$(printf '%s' "$f" | md5sum | cut -c1-16)
        "$bin/tidings" parse --raw "$f" > "$out/$key.raw" 2> "$out/$key.err"
        echo $? > "$out/$key.status"
        "$bin/tidings-bench" parse --mode dump "$f" > "$out/$key.model" 2>&1
        n=$((n + 1))
    done < "$out/inputs.list"
    echo "$n inputs recorded in $out"
    ;;
compare)
    a=$2 b=$3 same=0 differ=0
    while read -r f; do
        key=$(printf '%s' "$f" | md5sum | cut -c1-16)
        if cmp -s "$a/$key.raw" "$b/$key.raw" && cmp -s "$a/$key.err" "$b/$key.err" \
            && cmp -s "$a/$key.status" "$b/$key.status" && cmp -s "$a/$key.model" "$b/$key.model"; then
            same=$((same + 1))
        else
            differ=$((differ + 1))
            echo "differs: $f"
        fi
    done < "$a/inputs.list"
    echo "$same inputs identical (parse --raw and model values), $differ differ"
    [ "$differ" -eq 0 ]
    ;;
*)
    echo "usage: $0 record BIN_DIR OUT_DIR | compare OUT_A OUT_B" >&2
    exit 64
    ;;
esac
