#!/usr/bin/env bash
# Builds the fuzz harnesses (Fuzz/, libFuzzer with AddressSanitizer) and runs them.
#
#   Fuzz/run.sh fuzz  [TARGET]   run every harness (or one) for $FUZZ_SECONDS seconds each (default 60),
#                                growing the corpus kept in .build/fuzz/corpus/<target>; release build
#   Fuzz/run.sh smoke            every seed input through every harness, nothing else (the same on every
#                                machine; $FUZZ_SMOKE_SECONDS caps the time, default 60), in a debug build
#                                (quick to compile); fails on any finding
#   Fuzz/run.sh list             the harness names
#
# Seeds: Fuzz/Seeds/<target>/ (committed: regression inputs and hand-made ones), plus per target the
# bundled feeds, test fixtures and ../shared/conformance inputs when present. Findings (crash-*,
# leak-*, timeout-*, oom-*) are written to .build/fuzz/artifacts/<target>/.
set -uo pipefail
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")/.."
root=$(pwd)
mode=${1:-fuzz}
only=${2:-${TARGET:-}}
seconds=${FUZZ_SECONDS:-60}
smoke_seconds=${FUZZ_SMOKE_SECONDS:-60}
jobs=${FUZZ_JOBS:-2}
swift=${SWIFT:-swift}

targets=(fuzz-feed fuzz-feed-stream fuzz-json-feed fuzz-sanitize fuzz-extract fuzz-html-text fuzz-discovery fuzz-opml
    fuzz-newsboat fuzz-date fuzz-http-headers fuzz-content-decoding fuzz-keys fuzz-terminal-text fuzz-query fuzz-config)

# The dictionary, the largest input and the seed folders of each harness.
dict() {
    case $1 in
        fuzz-feed | fuzz-feed-stream) echo feed ;;
        fuzz-json-feed) echo json ;;
        fuzz-sanitize | fuzz-extract | fuzz-html-text | fuzz-discovery) echo html ;;
        fuzz-opml) echo opml ;;
        fuzz-newsboat) echo newsboat ;;
        fuzz-date) echo date ;;
        fuzz-http-headers) echo http ;;
        fuzz-content-decoding) echo content ;;
        fuzz-keys | fuzz-terminal-text) echo terminal ;;
        fuzz-query) echo query ;;
        fuzz-config) echo toml ;;
    esac
}
max_len() {
    case $1 in
        fuzz-feed | fuzz-feed-stream | fuzz-json-feed) echo 131072 ;;
        fuzz-date) echo 512 ;;
        fuzz-query | fuzz-http-headers) echo 4096 ;;
        *) echo 32768 ;;
    esac
}
# Flags of one harness beyond the common ones.
# fuzz-config: libFuzzer's leak check after each input is off (-detect_leaks=0); LeakSanitizer still
# checks the whole process when it exits, with Fuzz/lsan.supp, and a leak of our own code fails the run
# there with its allocation stack. Why: TOMLKit's TOMLTable(string:) leaks its error record on every
# call (and the strdup'd message on every refused config), so libFuzzer saw more mallocs than frees
# after nearly every input and ran a full LeakSanitizer pass each time (~3 executions/s). A harness path
# around that call would not test what `tidings` runs, and our code cannot free TOMLKit's record. Leaks
# in the config reader stay leaked until exit, so the exit check finds them; the input is then found by
# running the corpus files one by one (`<harness> -runs=0 FILE...` checks at exit too).
target_flags() {
    case $1 in
        fuzz-config) echo -detect_leaks=0 ;;
    esac
}
seed_dirs() {
    local target=$1 conformance=$root/../shared/conformance
    echo "Fuzz/Seeds/$target"
    case $target in
        fuzz-feed | fuzz-feed-stream)
            echo Feeds Tests/FeedModelTests/Resources/parser
            [ -d "$conformance" ] && find "$conformance" -name '*.xml' -printf '%h\n' | sort -u ;;
        fuzz-json-feed)
            echo Feeds
            [ -d "$conformance" ] && find "$conformance" -name '*.json' -printf '%h\n' | sort -u ;;
        fuzz-sanitize | fuzz-html-text | fuzz-discovery) echo Tests/FeedHTMLTests/Resources/html ;;
        fuzz-extract) echo Tests/FeedHTMLTests/Resources/html Tests/FeedHTMLTests/Resources/extraction ;;
        fuzz-opml | fuzz-newsboat) echo Tests/FeedModelTests/Resources/opml ;;
    esac
}

build() {
    local configuration=$1
    echo "building the fuzz harnesses ($configuration, -sanitize=fuzzer,address)"
    local log
    log=$(mktemp)
    # -sanitize=fuzzer alone leaves most library code without coverage counters; ask for them.
    local flags=(-c "$configuration" -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
    [ "$configuration" = release ] && flags+=(-Xswiftc -enable-testing)
    # The gold linker warns once per ASan symbol it cannot export; nothing to act on.
    if ! "$swift" build "${flags[@]}" --sanitize=fuzzer --sanitize=address --package-path Fuzz \
        --scratch-path .build/fuzz/build >"$log" 2>&1; then
        grep -v "ld.gold: warning: Cannot export local symbol" "$log" | tail -40
        rm -f "$log"
        echo "fuzz smoke: the harnesses did not build"
        exit 1
    fi
    rm -f "$log"
}

# run TARGET SECONDS CORPUS_DIR BINARY_DIR: one libFuzzer run; the log goes to .build/fuzz/logs.
run_one() {
    local target=$1 secs=$2 corpus=$3 bin=$4
    local artifacts=.build/fuzz/artifacts/$target/
    mkdir -p "$corpus" "$artifacts" .build/fuzz/logs
    local seeds=()
    for dir in $(seed_dirs "$target"); do [ -d "$dir" ] && seeds+=("$dir"); done
    local log=.build/fuzz/logs/$target-$(date -u +%H%M%S).log
    LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Fuzz/lsan.supp} \
        ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1} \
        nice "$bin/$target" "$corpus" "${seeds[@]}" -dict="Fuzz/Dictionaries/$(dict "$target").dict" \
        -max_len="$(max_len "$target")" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=20 \
        -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$artifacts" $(target_flags "$target") ${FUZZ_EXTRA_FLAGS:-} >"$log" 2>&1
    local status=$?
    local runs cov
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)
    if [ "$status" -eq 0 ]; then
        echo "$target: ok, ${runs:-0} executions, ${cov:-no coverage line}"
    else
        echo "$target: FAILED (status $status), ${runs:-0} executions; log $log, inputs in $artifacts"
        grep -E 'ERROR|fuzz property violated|SUMMARY|Test unit written' "$log" | head -8 | sed 's/^/    /'
    fi
    return $status
}
export -f run_one seed_dirs dict max_len target_flags
export root

case $mode in
    list) printf '%s\n' "${targets[@]}" ;;
    fuzz)
        if [ -n "$only" ]; then
            printf '%s\n' "${targets[@]}" | grep -qx "$only" || { echo "no fuzz target $only (Fuzz/run.sh list)"; exit 2; }
            targets=("$only")
        fi
        # FUZZ_BIN: run harnesses already built there (a copy, so that a rebuild does not pull them
        # from under a long run) instead of building.
        bin=${FUZZ_BIN:-.build/fuzz/build/release}
        [ -z "${FUZZ_BIN:-}" ] && build release
        printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c \
            'run_one {} '"$seconds"' .build/fuzz/corpus/{} '"$bin"
        ;;
    smoke)
        # The smoke is a check, not a search: every harness runs every seed input (the committed seeds,
        # with each past finding among them, the bundled feeds, the fixtures, the conformance inputs)
        # and nothing else, so it runs the same inputs on every machine and a pass here is a pass in CI.
        # Even a fixed -seed does not make mutation repeatable (comparison tracing hashes addresses,
        # which differ run to run), so finding new inputs is left to `make fuzz`.
        export FUZZ_EXTRA_FLAGS="-runs=0"
        build debug
        rm -rf .build/fuzz/smoke
        results=$(printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c \
            'run_one {} '"$smoke_seconds"' .build/fuzz/smoke/{} .build/fuzz/build/debug')
        echo "$results"
        failed=$(echo "$results" | grep -c ': FAILED' || true)
        echo "fuzz smoke: $(( ${#targets[@]} - failed )) passed, $failed failed"
        [ "$failed" -eq 0 ]
        ;;
    *) echo "usage: Fuzz/run.sh fuzz [TARGET] | smoke | list"; exit 2 ;;
esac
