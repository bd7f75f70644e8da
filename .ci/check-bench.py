#!/usr/bin/env python3
"""Checks the JSON of `baton-bench --quick --json`: the documented shape (`screens`, `runtime`,
`memory`, `compiled` with exactly the sizes 200, 1000 and 10000, `exploration`,
`loadLintThreads`, the second shape `shapes.wildcards` with the sizes of `screens`, and lint's
`growth` exponents), every figure a positive number, and the runtime measured. A smoke test only: CI's figures are not compared
against targets (the machine is shared and the quick sizes are small)."""
import json
import sys

with open(sys.argv[1]) as handle:
    report = json.load(handle)

problems = []
stages = report.get("screens", {})
if not stages:
    problems.append("no screen sizes measured")
for size, stage in stages.items():
    for key in ["floorMs", "treeMs", "loadMs", "lintMs", "compileMs", "loadLintRatio"]:
        value = stage.get(key)
        if not isinstance(value, (int, float)) or value <= 0:
            problems.append(f"screens.{size}.{key} is {value!r}, not a positive number")
shapes = report.get("shapes", {}).get("wildcards", {})
if set(shapes) != set(stages):
    problems.append(f"shapes.wildcards has sizes {sorted(shapes)!r}, not those of screens {sorted(stages)!r}")
for size, stage in shapes.items():
    for key in ["floorMs", "treeMs", "loadMs", "lintMs", "compileMs", "loadLintRatio"]:
        value = stage.get(key)
        if not isinstance(value, (int, float)) or value <= 0:
            problems.append(f"shapes.wildcards.{size}.{key} is {value!r}, not a positive number")
if report.get("loadLintThreads") not in (1, 2):
    problems.append(f"loadLintThreads is {report.get('loadLintThreads')!r}, not 1 or 2")
growth = report.get("growth", {})
for key in ["lintPerScreen", "lintPerLink", "lintPerFlow"]:
    if not isinstance(growth.get(key), (int, float)):
        problems.append(f"growth.{key} is {growth.get(key)!r}, not a number")
runtime = report.get("runtime", {})
for key in ["eventsPerSecond", "handwrittenEventsPerSecond", "ratio"]:
    value = runtime.get(key)
    if not isinstance(value, (int, float)) or value <= 0:
        problems.append(f"runtime.{key} is {value!r}, not a positive number")
compiled = report.get("compiled", {})
if set(compiled) != {"200", "1000", "10000"}:
    problems.append(f"compiled has sizes {sorted(compiled)!r}, not exactly 200, 1000 and 10000")
for size, row in compiled.items():
    if sorted(row) != ["compiledBytes", "decodeMs", "floorMs", "startMs", "yamlBytes"]:
        problems.append(f"compiled.{size} has keys {sorted(row)!r}")
    for key in ["yamlBytes", "compiledBytes", "floorMs", "decodeMs", "startMs"]:
        value = row.get(key)
        if not isinstance(value, (int, float)) or value <= 0:
            problems.append(f"compiled.{size}.{key} is {value!r}, not a positive number")
memory = report.get("memory", {})
for key in ["peakLoadBytes", "peakLoadFileBytes", "growthAfterMillionCyclesBytes"]:
    if not isinstance(memory.get(key), int):
        problems.append(f"memory.{key} is {memory.get(key)!r}, not a whole number")
if memory.get("peakLoadFileBytes", 0) > 0 and isinstance(memory.get("peakLoadBytes"), int):
    expected = memory["peakLoadBytes"] / memory["peakLoadFileBytes"]
    if not isinstance(memory.get("peakLoadRatio"), (int, float)) or abs(memory["peakLoadRatio"] - expected) > 1e-6 * expected:
        problems.append(f"memory.peakLoadRatio is {memory.get('peakLoadRatio')!r}, not peakLoadBytes / peakLoadFileBytes")
exploration = report.get("exploration") or {}
if not isinstance(exploration.get("examplesMs"), (int, float)) or exploration.get("examplesStates", 0) <= 0:
    problems.append(f"exploration of the example flows not measured: {exploration!r}")
generated = exploration.get("generated", {})
if not generated:
    problems.append("exploration of a generated app not measured")
for size, row in generated.items():
    for key in ["states", "exploreMs", "loadLintMs", "ratio", "statesPerSecond", "jobs", "oneJobMs", "oneJobRatio"]:
        value = row.get(key)
        if not isinstance(value, (int, float)) or value <= 0:
            problems.append(f"exploration.generated.{size}.{key} is {value!r}, not a positive number")

for problem in problems:
    print(f"baton-bench: {problem}")
print(f"{0 if problems else 1} passed, {1 if problems else 0} failed")
sys.exit(1 if problems else 0)
