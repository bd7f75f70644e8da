#!/usr/bin/env bash
# Builds a libFuzzer target and runs it for a while:
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is one of Fuzz/*.swift: loader (flow and scenario files: YAML layer, loader, lint,
# compiled JSON round trip; the load and the lint on one thread and on two, compared), compiled (compiled JSON flows and values), runtime (a compiled flow,
# a zero byte, then steps that drive the runtime) or expressions (`when`).
# The modules are compiled with `swiftc -sanitize=fuzzer,address` into .build/fuzz (rebuilt
# when a source changes; `runtime`, which needs swift-crypto, is the SwiftPM package
# Fuzz/Runtime built with the same flags into .build/fuzz/spm); the corpus grows in .build/fuzz/corpus/TARGET, seeded from flows/,
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
# One package name for every module, as SwiftPM gives them, so `package` declarations are seen.
flags=(-sanitize=fuzzer,address -swift-version 6 -O -g -package-name baton -I "$build" -I Sources/CYAML)

if [[ "$target" == runtime ]]; then
    # BatonRuntime needs swift-crypto, which bare swiftc cannot build: the runtime target is the
    # package Fuzz/Runtime, built by SwiftPM with the same sanitizers into its own scratch path
    # (about 7 min the first time, mostly BoringSSL; seconds after).
    spm=(swift build --package-path Fuzz/Runtime --scratch-path "$build/spm" -c release
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
    echo "== building fuzz-runtime (SwiftPM, Fuzz/Runtime)"
    "${spm[@]}" 2> >(grep -v "Cannot export local symbol" >&2)
    rm -f "$build/fuzz-runtime"  # not cp over it: a running campaign may be using it
    cp "$("${spm[@]}" --show-bin-path)/fuzz-runtime" "$build/fuzz-runtime"
else
    # The modules in dependency order; each is one whole-module object. Once one is rebuilt,
    # every module after it is rebuilt against it.
    modules=(BatonYAML BatonModel BatonSemantics BatonLoader BatonLint)
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
    if [[ ! -f "$binary" || "Fuzz/$target.swift" -nt "$binary" || -n "$(find "$build" -maxdepth 1 -name '*.o' -newer "$binary" | head -1)" ]]; then
        echo "== linking fuzz-$target"
        objects=()
        for module in "${modules[@]}"; do objects+=("$build/$module.o"); done
        swiftc "${flags[@]}" -parse-as-library "Fuzz/$target.swift" "${objects[@]}" \
            -lyaml -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
    fi
fi
binary="$build/fuzz-$target"

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
