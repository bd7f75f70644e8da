#!/usr/bin/env bash
# BatonPlugin in a package that uses it (Tests/Fixtures/PluginPackage): the features build,
# their generated Swift compiling against a view model that uses it, and a flow with a lint
# error fails the build at its YAML line; the command plugin writes a target's files once.
# About 5 min on 2 cores (the fixture builds baton).
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/PluginPackage"

echo "-- the command plugin writes a target's Swift, app interface and compiled flow beside its flow, once"
command_target=Sources/CommandFeature
rm -f "$command_target/SignupFlow.swift" "$command_target/signup.flow.json" "$command_target/signup.interface.json"
if ! output=$(swift package --allow-writing-to-package-directory baton-generate --target CommandFeature 2>&1); then
    echo "$output" | tail -30
    echo "error: swift package baton-generate failed"
    exit 1
fi
grep -F "wrote $command_target/SignupFlow.swift, $command_target/signup.interface.json and $command_target/signup.flow.json" <<< "$output" \
    || { echo "$output" | tail -10; echo "error: baton-generate did not say what it wrote"; exit 1; }
head -1 "$command_target/SignupFlow.swift" | grep -qF "from $command_target/signup.flow.yaml. " \
    || { head -2 "$command_target/SignupFlow.swift"; echo "error: the header does not name the flow by its path in the package"; exit 1; }

echo "-- the features build with their generated Swift and compiled flows"
if ! output=$(swift build 2>&1); then
    echo "$output" | tail -30
    echo "error: the plugin fixture does not build"
    exit 1
fi
grep -E "Generate Swift|Build complete" <<< "$output" || true

echo "-- a flow with a lint error fails the build at its line"
if output=$(BATON_BROKEN_FIXTURE=1 swift build --target BrokenFeature 2>&1); then
    echo "error: the target with a broken flow built"
    exit 1
fi
expected="Sources/BrokenFeature/broken.flow.yaml:9:23: error: no screen or flow is named 'detial'"
if ! grep -qF "$expected" <<< "$output"; then
    echo "$output" | tail -20
    echo "error: the build failed without '$expected'"
    exit 1
fi
echo "ok: the build failed with $expected"
