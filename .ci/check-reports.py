#!/usr/bin/env python3
"""Validate Baton's machine-readable reports against their official validators.

- JUnit (`baton test --junit`) against Jenkins' junit-10.xsd with xmlschema, then read back
  with junitparser (counts, error vs failure, a line break in a name kept).
- SARIF (`baton lint --format sarif`) against the OASIS SARIF 2.1.0 schema with jsonschema,
  formats checked (rfc3987 checks `uri-reference`: a raw space or `%` fails).
- JSON (`baton lint --format json`) against schemas/lint-output.schema.json.
- Coverage (`baton test --coverage-json`) against schemas/coverage.schema.json.
- Diff (`baton diff --format json` of Examples/Evolution's two versions of the recipes flow, and
  of each compiled, and of a flow with itself) against schemas/diff-output.schema.json, with its
  exit codes.
- App interface (`baton generate swift`'s NAME.interface.json) against
  schemas/app-interface.schema.json, and `baton lint --app-interface` of the next version.
Usage: check-reports.py BATON VALIDATORS_DIR
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import junitparser
import xmlschema

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests/BatonCLITests/Fixtures"


def run(baton, *arguments, cwd=ROOT):
    return subprocess.run([baton, *arguments], capture_output=True, text=True, cwd=cwd)


def check_junit(baton, validators, scratch):
    out = scratch / "reports" / "nested" / "baton.xml"  # folders that do not exist yet
    made = run(baton, "test", "flows/", str(FIXTURES / "junit"), "--junit", str(out))
    assert made.returncode == 1, f"baton test: expected exit 1 (failures), got {made.returncode}: {made.stderr}"
    xmlschema.XMLSchema(str(validators / "junit-10.xsd")).validate(str(out))
    xml = junitparser.JUnitXml.fromfile(str(out))
    cases = {case.name: case for suite in xml for case in suite}
    assert "two\nlines & <markup>" in cases, sorted(cases)
    broken = [s for s in xml if s.name.endswith("broken.test.yaml")][0]
    assert broken.errors == 1 and broken.failures == 0, (broken.errors, broken.failures)
    assert all(s.time is not None for s in xml)
    print(f"junit: valid against junit-10.xsd, {xml.tests} tests read back with junitparser")


def check_sarif(baton, validators, scratch):
    # A file whose path holds a space and a %, named through ../, and an absolute path.
    folder = scratch / "odd dir 100%"
    folder.mkdir()
    shutil.copy(FIXTURES / "semantic.yaml", folder / "semantic.yaml")
    schema = json.loads((validators / "sarif-schema-2.1.0.json").read_text())
    for name in ("odd dir 100%/semantic.yaml", "odd dir 100%/../odd dir 100%/semantic.yaml",
                 str(folder / "semantic.yaml")):
        made = run(baton, "lint", "--format", "sarif", name, cwd=scratch)
        log = json.loads(made.stdout)
        jsonschema.validate(log, schema, format_checker=jsonschema.FormatChecker())
        uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert uri == "odd%20dir%20100%25/semantic.yaml", uri
    # Exploration's findings carry the steps that reach them as code flows.
    made = run(baton, "lint", "--format", "sarif", str(FIXTURES / "explored.yaml"))
    log = json.loads(made.stdout)
    jsonschema.validate(log, schema, format_checker=jsonschema.FormatChecker())
    flows = [result["codeFlows"] for result in log["runs"][0]["results"] if "codeFlows" in result]
    assert flows and all(flow[0]["threadFlows"][0]["locations"] for flow in flows), flows
    print("sarif: valid against sarif-schema-2.1.0.json, paths relative and percent-encoded, traces as codeFlows")


def check_json(baton):
    schema = json.loads((ROOT / "schemas/lint-output.schema.json").read_text())
    for name in ("semantic.yaml", "broken.yaml", "unclosed.yaml", "explored.yaml"):
        made = run(baton, "lint", "--format", "json", str(FIXTURES / name))
        jsonschema.validate(json.loads(made.stdout), schema)
    traced = json.loads(run(baton, "lint", "--format", "json", str(FIXTURES / "explored.yaml")).stdout)
    assert any("trace" in d for f in traced["files"] for d in f["diagnostics"]), traced
    made = run(baton, "lint", "--format", "json", "flows/")
    jsonschema.validate(json.loads(made.stdout), schema)
    print("json: valid against schemas/lint-output.schema.json")


def check_coverage(baton, scratch):
    schema = json.loads((ROOT / "schemas/coverage.schema.json").read_text())
    out = scratch / "coverage" / "baton-coverage.json"
    made = run(baton, "test", "flows/", "--coverage-json", str(out))
    assert made.returncode == 0, made.stdout + made.stderr
    report = json.loads(out.read_text())
    jsonschema.validate(report, schema)
    assert len(report["flows"]) >= 4, report
    print(f"coverage: valid against schemas/coverage.schema.json, {len(report['flows'])} flows")


EVOLUTION = ROOT / "Examples/Evolution"


def check_diff(baton, scratch):
    schema = json.loads((ROOT / "schemas/diff-output.schema.json").read_text())
    old, new = str(EVOLUTION / "recipes-v1.yaml"), str(EVOLUTION / "recipes-v2.yaml")
    made = run(baton, "diff", old, new, "--format", "json")
    assert made.returncode == 0, f"baton diff: expected exit 0 without --fail-on, got {made.returncode}: {made.stderr}"
    report = json.loads(made.stdout)
    jsonschema.validate(report, schema)
    breaks = report["summary"]["breaks"]
    assert all(breaks[kind] > 0 for kind in ("app-interface", "saved-state", "deep-links", "journeys")), breaks
    failing = run(baton, "diff", old, new, "--fail-on", "breaking")
    assert failing.returncode == 1, f"--fail-on breaking: expected exit 1, got {failing.returncode}"
    # The same versions compiled (one signed) give the same changes, without locations.
    run(baton, "keygen", str(scratch / "diff-key"))
    run(baton, "compile", old, "-o", str(scratch / "v1.json"))
    run(baton, "compile", new, "--sign", str(scratch / "diff-key"), "-o", str(scratch / "v2.json"))
    compiled = run(baton, "diff", str(scratch / "v1.json"), str(scratch / "v2.json"), "--format", "json")
    compiled_report = json.loads(compiled.stdout)
    jsonschema.validate(compiled_report, schema)
    assert [c["path"] for c in compiled_report["changes"]] == [c["path"] for c in report["changes"]]
    # A flow is named by what it means: the compiled (and signed) forms have the YAML's hashes.
    for side in ("old", "new"):
        assert compiled_report[side]["hash"] == report[side]["hash"], (side, compiled_report[side], report[side])
    assert report["old"]["hash"] != report["new"]["hash"] and report["new"]["version"] == "2", report["new"]
    same = run(baton, "diff", old, old, "--format", "json", "--fail-on", "breaking")
    assert same.returncode == 0 and json.loads(same.stdout)["changes"] == [], same.stdout
    print(f"diff: valid against schemas/diff-output.schema.json, {len(report['changes'])} changes, exit codes as documented")


def check_interface(baton, scratch):
    schema = json.loads((ROOT / "schemas/app-interface.schema.json").read_text())
    swift = scratch / "interface" / "RecipesFlow.swift"
    made = run(baton, "generate", "swift", str(EVOLUTION / "recipes-v1.yaml"), "-o", str(swift))
    assert made.returncode == 0, made.stderr
    interface = swift.parent / "recipes-v1.interface.json"
    jsonschema.validate(json.loads(interface.read_text()), schema)
    checked = run(baton, "lint", str(EVOLUTION / "recipes-v2.yaml"), "--app-interface", str(interface), "--no-explore")
    assert checked.returncode == 1 and "[app-interface]" in checked.stdout, checked.stdout
    print("app interface: valid against schemas/app-interface.schema.json; lint --app-interface refuses the next version")


def main():
    baton = str(pathlib.Path(sys.argv[1]).resolve())
    validators = pathlib.Path(sys.argv[2]).resolve()
    with tempfile.TemporaryDirectory() as temporary:
        scratch = pathlib.Path(temporary)
        check_junit(baton, validators, scratch)
        check_sarif(baton, validators, scratch)
        check_json(baton)
        check_coverage(baton, scratch)
        check_diff(baton, scratch)
        check_interface(baton, scratch)


if __name__ == "__main__":
    main()
