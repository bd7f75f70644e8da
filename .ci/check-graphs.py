#!/usr/bin/env python3
"""Render every example flow's graph with the real engines, failing on any error or warning.

Mermaid: PyPI's mermaidx, which runs the real Mermaid library in an embedded QuickJS (no
browser, no npm). dot: Graphviz's `dot -Tsvg`, whose warnings (stderr) count as failures.
Usage: check-graphs.py BATON [FLOW...] (default: every flow in flows/ and the graph fixtures).
"""
import pathlib
import subprocess
import sys
import warnings

import mermaidx

ROOT = pathlib.Path(__file__).resolve().parent.parent


def flows(arguments):
    if arguments:
        return [pathlib.Path(a) for a in arguments]
    found = [p for p in sorted((ROOT / "flows").glob("*.yaml")) if not p.name.endswith(".test.yaml")]
    return found + [ROOT / "Tests/BatonCLITests/Fixtures" / name for name in ("reserved-names.yaml", "every11.yaml")]


def main():
    baton = sys.argv[1]
    failures = 0
    for flow in flows(sys.argv[2:]):
        name = flow.relative_to(ROOT) if flow.is_absolute() else flow
        for kind in ("mermaid", "dot"):
            made = subprocess.run([baton, "graph", str(flow), "--format", kind], capture_output=True, text=True)
            if made.returncode != 0:
                print(f"{name}: baton graph --format {kind} failed:\n{made.stderr}")
                failures += 1
                continue
            if kind == "dot":
                drawn = subprocess.run(["dot", "-Tsvg", "-o", "/dev/null"], input=made.stdout,
                                       capture_output=True, text=True)
                problem = drawn.stderr.strip() if drawn.returncode == 0 else f"exit {drawn.returncode}: {drawn.stderr}"
            else:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("error")  # a warning while rendering fails the check
                        svg = mermaidx.render(made.stdout).svg()
                    problem = "Mermaid drew its error diagram" if "Syntax error in text" in svg else ""
                except Exception as error:  # mermaidx raises RuntimeError with Mermaid's parse error
                    problem = str(error)
            if problem:
                print(f"{name}: {kind}: {problem}")
                failures += 1
            else:
                print(f"{name}: {kind} renders")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
