#!/usr/bin/env bash
# Checks the one-way module imports of the README's Architecture section: every `import` of a project
# module, C module or package product in Sources/<Module>/ must be allowed for that module below.
# System modules (Foundation, Glibc, Dispatch, Synchronization …) are always allowed. A folder under
# Sources/ with no row here is an error too, so a new module gets its rule when it is added.
# Usage: Scripts/check-imports.sh [REPOSITORY]   (default: the repository holding this script)
# Prints one line per violation and exits 1 when there is any; exits 0 and prints nothing otherwise.
set -euo pipefail
own=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-$own}

declare -A allowed=(
    [TidingsText]=""
    [FeedHTML]="TidingsText CLibXML2 CByteScan"
    [FeedModel]="TidingsText FeedHTML CLibXML2 CByteScan"
    [FeedFetch]="TidingsText CCurl CDeflate CZstd CBrotli"
    [FeedSync]="TidingsText FeedFetch FeedModel"
    [FeedStore]="TidingsText FeedModel FeedHTML GRDB CZlib CDeflate CZstd CPCRE2"
    [TerminalView]="TidingsText CTerminal"
    [FeedExport]="TidingsText FeedModel FeedHTML FeedStore Mustache"
    [ReaderControllers]="TidingsText FeedModel FeedHTML FeedFetch FeedSync FeedStore TerminalView FeedExport TOMLKit"
    [tidings]="ReaderControllers ArgumentParser"
    [LocalFeedServer]=""
    [tidings-bench]="TidingsText FeedModel FeedHTML FeedFetch FeedStore TerminalView FeedExport ReaderControllers LocalFeedServer ArgumentParser"
    # C libraries: module maps and shims, no Swift.
    [CLibXML2]="" [CCurl]="" [CTerminal]="" [CZlib]="" [CDeflate]="" [CByteScan]="" [CZstd]="" [CBrotli]="" [CPCRE2]=""
)
# Imports that break a rule and are being removed, each with who removes it. They are printed but do
# not fail the check; an entry this repository no longer has fails it, so the list only shrinks.
# An entry is "Module Import", with a comment saying who removes it. None today.
pending=()
# Every name an import line is checked against: the project's modules and the package products.
guarded="${!allowed[*]} GRDB Mustache TOMLKit Logging ArgumentParser TestSupport"

status=0
seen=()
# The C shims sit in Sources/C/, one folder each; every other folder under Sources/ is a module.
shopt -s nullglob
# The benchmark command and the test server are modules kept outside Sources/.
for directory in "$root"/Sources/*/ "$root"/Sources/C/*/ "$root"/Benchmarks/tidings-bench/ "$root"/Tests/LocalFeedServer/; do
    [[ -d "$directory" ]] && ! [[ "$directory" -ef "$root/Sources/C" ]] || continue
    module=$(basename "$directory")
    if [[ ! -v allowed[$module] ]]; then
        folder=${directory%/}
        echo "${folder#"$root"/}: no import rule; add the module to Scripts/check-imports.sh and the README's table"
        status=1
        continue
    fi
    # `import X`, `@testable import X`, `@preconcurrency import X`, `import struct X.Y`: the module is
    # the first dotted name after `import` and an optional declaration kind.
    while IFS=: read -r file line text; do
        imported=$(sed -E 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\4/' <<<"$text")
        [[ " $guarded " == *" $imported "* ]] || continue
        [[ " ${allowed[$module]} " == *" $imported "* ]] && continue
        if [[ " ${pending[*]/%/,} " == *" $module $imported,"* ]]; then
            echo "pending: ${file#"$root"/}:$line: $module imports $imported" >&2
            seen+=("$module $imported")
            continue
        fi
        echo "${file#"$root"/}:$line: $module imports $imported; allowed: ${allowed[$module]:-no project module}"
        status=1
    done < <(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]' "$directory" --include='*.swift' || true)
done
for entry in "${pending[@]}"; do
    # Only this repository's own tree has to show each pending import (a test tree need not).
    if [[ "$root" -ef "$own" ]] && [[ " ${seen[*]/%/,} " != *" $entry,"* ]]; then
        echo "Scripts/check-imports.sh: '$entry' is pending but no longer imported; remove it from the list"
        status=1
    fi
done
exit $status
