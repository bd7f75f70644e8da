#!/usr/bin/env bash
# Builds a libFuzzer target and runs it for a while:
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is one of Fuzz/*.swift: loader (flow and scenario files: YAML layer, loader, lint,
# compiled JSON round trip), compiled (compiled JSON flows and values), runtime (a compiled flow,
# a zero byte, then steps that drive the runtime) or expressions (`when`).
# The modules are compiled with `swiftc -sanitize=fuzzer,address` into .build/fuzz (rebuilt
# when a source changes); the corpus grows in .build/fuzz/corpus/TARGET, seeded from flows/,
# the test fixtures and Fuzz/corpus/TARGET. A crash, a timeout (an input taking over 2 s) or
# going over 2 GB stops the run with a non-zero exit and leaves the input in .build/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-}
seconds=${2:-}
if [[ -z "$target" || -z "$seconds" || ! -f "Fuzz/$target.swift" ]]; then
    echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]" >&2
    echo "targets: $(cd Fuzz && ls *.swift | sed 's/\.swift$//' | tr '\n' ' ')" >&2
    exit 2
fi
shift 2

build=.build/fuzz
mkdir -p "$build"
flags=(-sanitize=fuzzer,address -swift-version 6 -O -g -I "$build" -I Sources/CYAML)

# The modules in dependency order; each is one whole-module object. Once one is rebuilt,
# every module after it is rebuilt against it.
modules=(BatonYAML BatonModel BatonLoader BatonLint)
[[ "$target" == runtime ]] && modules+=(BatonRuntime)
rebuild=0
for module in "${modules[@]}"; do
    object="$build/$module.o"
    if [[ $rebuild == 1 || ! -f "$object" ]] || [[ -n "$(find "Sources/$module" -name '*.swift' -newer "$object" | head -1)" ]]; then
        echo "== compiling $module"
        swiftc "${flags[@]}" -parse-as-library -wmo -module-name "$module" \
            -emit-module -emit-module-path "$build/$module.swiftmodule" \
            -c $(find "Sources/$module" -name '*.swift' | sort) -o "$object"
        rebuild=1
    fi
done

binary="$build/fuzz-$target"
if [[ ! -f "$binary" || "Fuzz/$target.swift" -nt "$binary" || -n "$(find "$build" -name '*.o' -newer "$binary" | head -1)" ]]; then
    echo "== linking fuzz-$target"
    objects=()
    for module in "${modules[@]}"; do objects+=("$build/$module.o"); done
    swiftc "${flags[@]}" -parse-as-library "Fuzz/$target.swift" "${objects[@]}" \
        -lyaml -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
fi

corpus="$build/corpus/$target"
mkdir -p "$corpus"
if [[ -z "$(ls -A "$corpus")" ]]; then
    case "$target" in
        loader)
            cp flows/*.yaml Tests/BatonCLITests/Fixtures/*.yaml "$corpus/" ;;
        compiled|runtime)
            for flow in flows/*.yaml; do
                case "$flow" in *.test.yaml) continue ;; esac
                seed="$corpus/$(basename "$flow" .yaml).json"
                swift run -q baton compile "$flow" > "$seed" 2>/dev/null || true
                if [[ "$target" == runtime ]]; then
                    # the flow, a zero byte, then steps: every kind of step a few times
                    printf '\0\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x00\x05\x01\x07\x08\x01\x02' >> "$seed"
                fi
            done ;;
    esac
    if [[ -d "Fuzz/corpus/$target" ]]; then cp "Fuzz/corpus/$target"/* "$corpus/"; fi
fi

dictionary=()
[[ -f "Fuzz/$target.dict" ]] && dictionary=(-dict="Fuzz/$target.dict")
echo "== fuzzing $target for $seconds s"
exec "$binary" "$corpus" "${dictionary[@]}" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 \
    -max_len=65536 -artifact_prefix="$build/$target-" -print_final_stats=1 "$@"
