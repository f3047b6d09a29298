#!/usr/bin/env bash
# Checks the one-way module imports of docs/architecture.md. The rules are written once,
# as each target's dependencies in Package.swift (read with `swift package dump-package`): every
# `import` of a project module, C module or package product in a module's folder must be one of that
# target's dependencies. System modules (Foundation, Glibc, Dispatch, Synchronization …) are always
# allowed. A folder under Sources/ with no target is an error, and so is a module table row whose
# "may import" column differs from Package.swift, or a module the table does not list.
# Usage: Scripts/check-imports.sh [REPOSITORY]   (default: the repository holding this script; the
# rules always come from this script's own Package.swift, so a test tree needs none)
# Prints one line per violation and exits 1 when there is any; exits 0 and prints nothing otherwise.
set -euo pipefail
own=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-$own}
swift=${SWIFT:-swift}

# One line per non-test target: name, folder, its dependencies (space-separated); C targets have kind C.
# A scratch folder of its own: the package's .build is locked while `swift test` runs this script.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
rules=$("$swift" package dump-package --package-path "$own" --scratch-path "$scratch" 2>"$scratch/error" | python3 -c '
import json, sys
for t in json.load(sys.stdin)["targets"]:
    if t["type"] == "test": continue
    deps = [next(iter(d.values()))[0] for d in t["dependencies"]]
    swift = t["type"] != "system" and not t["name"].startswith("C")
    print("\t".join([t["name"], t.get("path") or "Sources/" + t["name"], "swift" if swift else "C", " ".join(deps)]))
' 2>/dev/null) || { echo "Scripts/check-imports.sh: cannot read Package.swift's targets: $(head -1 "$scratch/error")"; exit 1; }
declare -A allowed=() folder=() kinds=()
while IFS=$'\t' read -r name path kind deps; do
    allowed[$name]=$deps
    folder[$name]=$path
    kinds[$name]=$kind
done <<<"$rules"
# Imports that break a rule and are being removed, each with who removes it. They are printed but do
# not fail the check; an entry this repository no longer has fails it, so the list only shrinks.
# An entry is "Module Import", with a comment saying who removes it. None today.
pending=()
# Every name an import line is checked against: the targets and every product a target depends on.
guarded="${!allowed[*]} ${allowed[*]} Logging TestSupport"

status=0
seen=()
# Module folders: each target's own, and every folder under Sources/ (and Sources/C/) so that one with
# no target is reported.
shopt -s nullglob
declare -A checked=()
for directory in "${folder[@]/#/$root/}" "$root"/Sources/*/ "$root"/Sources/C/*/; do
    directory=${directory%/}
    [[ -d "$directory" ]] && ! [[ "$directory" -ef "$root/Sources/C" ]] || continue
    [[ -v checked[$directory] ]] && continue
    checked[$directory]=1
    module=$(basename "$directory")
    if [[ ! -v allowed[$module] ]]; then
        echo "${directory#"$root"/}: no import rule; add the module's target to Package.swift and the table in docs/architecture.md"
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

# The module table of docs/architecture.md (rows `| module | job | may import |` under "Modules and
# what each may import") lists every Swift module with the same dependencies as Package.swift.
table=docs/architecture.md
if [[ -f "$root/$table" ]]; then
    declare -A listed=()
    while IFS=$'\t' read -r module imports; do
        listed[$module]=1
        if [[ ! -v allowed[$module] ]]; then
            echo "$table: the module table lists $module, which Package.swift has no target for"
            status=1
            continue
        fi
        want=$(tr ' ' '\n' <<<"${allowed[$module]}" | sed '/^$/d' | sort | tr '\n' ' ')
        have=$(tr ' ' '\n' <<<"$imports" | sed '/^$/d' | sort | tr '\n' ' ')
        if [[ "$want" != "$have" ]]; then
            echo "$table: $module may import '${have% }' in the module table, '${want% }' in Package.swift"
            status=1
        fi
    done < <(awk '/^#+ Modules and what each may import/ { on = 1; next } /^#/ { on = 0 } on && /^\| / { print }' \
        "$root/$table" | tail -n +2 | python3 -c '
import sys
for row in sys.stdin:
    cells = [c.strip() for c in row.strip().strip("|").split("|")]
    imports = "" if cells[-1] == "nothing" else cells[-1].replace(",", " ")
    print(cells[0].strip("`") + "\t" + " ".join(imports.split()))
')
    for module in "${!allowed[@]}"; do
        if [[ "${kinds[$module]}" == swift && ! -v listed[$module] ]]; then
            echo "$table: the module table has no row for $module (Package.swift has its target)"
            status=1
        fi
    done
fi
exit $status
