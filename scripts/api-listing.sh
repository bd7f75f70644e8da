#!/usr/bin/env bash
# The checked-in listing of the public API (api/*.txt), so every change to it is seen in review,
# and the doc comments of the modules with a DocC catalog.
#
#   scripts/api-listing.sh                        regenerate api/ after a deliberate API change
#   scripts/api-listing.sh --check                fail with the difference when api/ is stale, or
#                                                 on a public declaration of a library product
#                                                 (DOCUMENTED and SOURCE_MODULES in
#                                                 api-listing.py) without a doc comment (CI runs
#                                                 this)
#   scripts/api-listing.sh --undocumented [MODULE...]
#                                                 list public declarations without a doc comment,
#                                                 of the documented modules or of those named
#
# It dumps the symbol graphs of the package (`swift package dump-symbol-graph`, a few seconds
# after a build) and lists each public declaration of the library products on one line.
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-symbol-graph --skip-synthesized-members > /dev/null
graphs="$(swift build --show-bin-path)/../symbolgraph"

if [[ "${1:-}" == "--undocumented" ]]; then
    shift
    exec python3 scripts/api-listing.py --undocumented "$graphs" "$@"
fi

fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
python3 scripts/api-listing.py "$graphs" "$fresh"

if [[ "${1:-}" == "--check" ]]; then
    if ! diff -ru api "$fresh"; then
        echo "error: the public API changed; review it, then run scripts/api-listing.sh and commit api/" >&2
        exit 1
    fi
    echo "api/ matches the public API ($(cat "$fresh"/*.txt | grep -vc '^#') declarations)"
    python3 scripts/api-listing.py --undocumented "$graphs"
else
    rm -rf api
    cp -r "$fresh" api
    echo "wrote api/ ($(cat api/*.txt | grep -vc '^#') declarations)"
fi
