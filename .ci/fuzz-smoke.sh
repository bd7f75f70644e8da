#!/usr/bin/env bash
# CI: a 30 s libFuzzer smoke run of each target in Fuzz/ (scripts/fuzz.sh), one at a time.
# Fails on any crash, timeout (an input over 2 s) or out-of-memory (over 2 GB); skipped, with a
# line saying so, when this toolchain cannot build libFuzzer targets. About 12 minutes with the
# first build of the fuzzers (~2 min for the four modules of loader/compiled/expressions, ~7 min
# for the SwiftPM package Fuzz/Runtime, swift-crypto's BoringSSL mostly), 2 minutes after.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SMOKE_SECONDS:-30}
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
cat > "$probe/probe.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }
SWIFT
if ! swiftc -sanitize=fuzzer,address -parse-as-library "$probe/probe.swift" -o "$probe/probe" >/dev/null 2>&1; then
    echo "== fuzz smoke: SKIPPED: this toolchain cannot build libFuzzer targets (swiftc -sanitize=fuzzer,address failed)"
    exit 0
fi
for target in $(cd Fuzz && ls *.swift | sed 's/\.swift$//'); do
    echo "== fuzz smoke: $target for $seconds s"
    log=".build/fuzz-smoke-$target.log"
    mkdir -p .build
    if ! scripts/fuzz.sh "$target" "$seconds" > "$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzz smoke: $target found a crash, timeout or out-of-memory; the input is in .build/fuzz/$target-* ($log)" >&2
        exit 1
    fi
    grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb)" "$log" || true
done
