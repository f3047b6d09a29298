#!/usr/bin/env bash
# Profiles one cold refresh of the shared 500-feed corpus (nginx on 127.0.0.1, as `make bench` serves
# it) with perf, and prints where the processor time went, stage by stage: the store's writer (its
# SQL, the full-text index's tokenising and merging, the write-ahead log), the preparing tasks
# (parse, plain text, compression), the fetch thread and the background checkpoints.
#
# Debian's libsqlite3 is stripped: a profile shows most of SQLite as bare addresses. So this builds a
# libsqlite3.so of the same version from Debian's own source package, with the compile options of its
# debian/rules, keeps its symbols and frame pointers, and runs the refresh on it (LD_LIBRARY_PATH):
# the same SQL engine, with names. The source is fetched through a private apt state under $DATA (the
# system's apt sources are not touched) and built once.
#
# Usage: Benchmarks/profile-refresh.sh   (after `make release`; the report is also kept in
# $DATA/profile/report.txt, the perf data in $DATA/profile/perf.data)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${TIDINGS_BIN:-$ROOT/.build/release}
DATA=${TIDINGS_BENCH_DATA:-$ROOT/.build/bench-data}
mkdir -p "$DATA"
DATA=$(cd "$DATA" && pwd)
MEASURE="python3 $ROOT/Benchmarks/measure.py"
source "$ROOT/Benchmarks/corpus.sh"
shared_bench_found profile-refresh || exit 0
[ -x "$BIN/tidings" ] || { echo "profile-refresh: no $BIN/tidings; run make release first" >&2; exit 66; }

SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
missing=""
for p in linux-perf nginx-light tcl gcc xz-utils; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi

# A symbolised libsqlite3 of the installed version, built once.
work=$DATA/profile
lib=$work/sqlite/libsqlite3.so.0
version=$(dpkg-query -W -f='${Version}' libsqlite3-0)
if [ ! -f "$lib" ] || [ "$(cat "$work/sqlite/version" 2>/dev/null)" != "$version" ]; then
    echo "building a symbolised libsqlite3 $version from Debian's source package (once)"
    apt=$work/apt
    rm -rf "$work/sqlite" "$apt"
    mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$work/sqlite"
    # deb-src lines for the mirrors and suites the system's own sources name.
    { grep -hE '^(URIs|Suites|Components):' /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } | awk '
        /^URIs:/ { uri = $2 } /^Suites:/ { suites = $0; sub(/^Suites: */, "", suites) }
        /^Components:/ { comps = $0; sub(/^Components: */, "", comps); n = split(suites, s, " ")
                         for (i = 1; i <= n; i++) print "deb-src " uri " " s[i] " " comps }' > "$apt/sources.list"
    { grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null || true; } | sed 's/^deb /deb-src /' >> "$apt/sources.list"
    opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::Etc::SourceParts=-" -o "Dir::State::Lists=$apt/lists"
          -o "Dir::Cache=$apt/cache" -o "APT::Sandbox::User=root")
    apt-get "${opts[@]}" update -qq
    (cd "$work/sqlite" && apt-get "${opts[@]}" source --download-only -qq "sqlite3=$version")
    (cd "$work/sqlite" && for f in sqlite3_*.orig.tar.* sqlite3_*.debian.tar.*; do tar xf "$f"; done)
    src=$(find "$work/sqlite" -maxdepth 1 -type d -name 'sqlite3-*' | head -n 1)
    flags=$(sed -n '/CFLAGS +=/,/^$/p' "$work/sqlite/debian/rules" | grep -oE -- '-DSQLITE[A-Z0-9_]*(=[0-9]+)?' | sort -u)
    mkdir -p "$src/bld"
    (cd "$src/bld" && ../configure -q --enable-fts5 --disable-tcl >/dev/null && make -s sqlite3.c >/dev/null)
    # shellcheck disable=SC2086
    gcc -O2 -g -fno-omit-frame-pointer -fno-strict-aliasing -fPIC -shared $flags -DSQLITE_ENABLE_FTS5 \
        -DSQLITE_ENABLE_MATH_FUNCTIONS -DHAVE_USLEEP -DHAVE_FDATASYNC -DHAVE_LOCALTIME_R -DHAVE_MALLOC_USABLE_SIZE \
        -Wl,-soname,libsqlite3.so.0 -o "$lib" "$src/bld/sqlite3.c" -lm -lpthread
    echo "$version" > "$work/sqlite/version"
fi

dir=$(corpus_dir "500-p$BENCH_PORT" --port "$BENCH_PORT")
stop_nginx
trap stop_nginx EXIT
"$SHARED_BENCH/serve.sh" start "$dir" "$BENCH_PORT" | sed 's/^/  /'
home=$work/home
rm -rf "$home"
run_home "$home" "$BIN/tidings" feeds import "$dir/feeds.opml" >/dev/null
echo "== cold refresh of $(wc -l < "$dir/urls") feeds under perf (cpu-clock, 1999 Hz, DWARF call graphs)"
run_home "$home" env LD_LIBRARY_PATH="$work/sqlite" perf record -q -F 1999 --call-graph dwarf,16384 \
    -o "$work/perf.data" "$BIN/tidings" refresh --all 2>&1 | grep -v "^\[ perf record" || true
stop_nginx
trap - EXIT
perf script -i "$work/perf.data" -F tid,time,ip,sym,dso 2>/dev/null \
    | python3 "$ROOT/Benchmarks/profile_stages.py" | tee "$work/report.txt"
