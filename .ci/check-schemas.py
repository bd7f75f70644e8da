#!/usr/bin/env python3
"""Validate the example flows and scenario files against the JSON Schemas in schemas/.

Every flows/*.yaml, *.yml and *.json (and Examples/Evolution's versions of a flow) is checked against schemas/flow.schema.json, and every
*.test.yaml under flows/ or tests/ against schemas/scenario.schema.json, with jsonschema's
Draft 2020-12 validator. The schemas are checked first, and a known-bad document must fail,
so a schema that accepts everything cannot pass.

Then the edge-case corpus: every Tests/SchemaCorpus/valid/**/*.yaml must pass the flow schema
and every Tests/SchemaCorpus/invalid/*.yaml must fail it; likewise scenarios/valid/*.test.yaml
and scenarios/invalid/*.test.yaml there against the scenario schema. (The Swift test SchemaCorpusTests
checks the other half: valid files load and lint without errors, invalid ones give one.)

YAML is read as baton reads it: with libyaml (PyYAML's pure-Python scanner rejects `string?}`
inside a flow mapping, which libyaml accepts), and with `true` and `false` as the only booleans,
so `on:` stays the string key "on" (PyYAML's default YAML 1.1 resolver would make it True).

Usage: python3 .ci/check-schemas.py [MORE.test.yaml...]   (exit 0 when everything passes, 1 otherwise)
Scenario files named as arguments (`baton journeys` output) are checked against the scenario schema too.
"""

import json
import re
import sys
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parent.parent


if not yaml.__with_libyaml__:
    print("warning: PyYAML has no libyaml; its Python scanner rejects `T?}` in flow mappings", file=sys.stderr)


class BatonLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """Safe loader whose booleans are `true` and `false` only; True, yes, no, on, off are strings."""


BatonLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in BatonLoader.yaml_implicit_resolvers.items()
}
BatonLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|false)$"),
    list("tf"),
)


def load(path):
    with open(path, encoding="utf-8") as stream:
        return yaml.load(stream, Loader=BatonLoader)


def pointer(error):
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in error.absolute_path)


def most_relevant(error):
    """For an anyOf/oneOf failure, the error that says most: among the alternatives whose type
    fits the value, the error deepest in the document."""
    while error.context and error.validator in ("anyOf", "oneOf"):
        branches = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        fitting = [sub for subs in branches.values()
                   if not any(e.validator == "type" and not e.relative_path for e in subs) for sub in subs]
        error = max(fitting or error.context, key=lambda e: len(e.absolute_path))
    return error


def problems(validator, document):
    """One line per validation error, in document order."""
    errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    return [f"error at {pointer(e)}: {e.message}" for e in map(most_relevant, errors)]


def validator_for(name):
    schema = json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


# Must be rejected by the flow schema: a misspelt key (`evnts`), so unknown keys are caught.
BAD_FLOW = """
baton: 1
start: main
screens:
  home:
    evnts: [tap]
flows:
  main:
    stack: home
"""


def main():
    flow_validator = validator_for("flow.schema.json")
    scenario_validator = validator_for("scenario.schema.json")

    self_check = problems(flow_validator, yaml.load(BAD_FLOW, Loader=BatonLoader))
    if not self_check:
        print("self-check: a flow with the unknown key `evnts` passed validation; the schema is vacuous")
        return 1
    loaded = yaml.load("on: yes", Loader=BatonLoader)
    if loaded != {"on": "yes"}:
        print(f"self-check: `on: yes` loaded as {loaded!r}, not as two strings")
        return 1

    flows_dir = ROOT / "flows"
    flow_files = sorted(
        p for folder in (flows_dir, ROOT / "Examples/Evolution")
        for pattern in ("*.yaml", "*.yml", "*.json") for p in folder.glob(pattern)
        if not p.name.endswith(".test.yaml")
    )
    scenario_files = sorted(
        p for base in (flows_dir, ROOT / "tests") if base.is_dir() for p in base.rglob("*.test.yaml")
    ) + [Path(extra).resolve() for extra in sys.argv[1:]]
    checks = [(p, flow_validator) for p in flow_files] + [(p, scenario_validator) for p in scenario_files]
    if not checks:
        print("no flow or scenario files found")
        return 1

    passed = failed = 0
    for path, validator in checks:
        name = path.relative_to(ROOT)
        try:
            document = load(path)
        except (yaml.YAMLError, OSError) as error:
            found = [f"error at /: cannot read: {error}".replace("\n", " ")]
        else:
            found = problems(validator, document)
        if found:
            failed += 1
            for line in found:
                print(f"{name}: {line}")
        else:
            passed += 1
    corpus = ROOT / "Tests" / "SchemaCorpus"
    parts = [
        (flow_validator, sorted((corpus / "valid").rglob("*.yaml")), sorted((corpus / "invalid").glob("*.yaml"))),
        (scenario_validator, sorted((corpus / "scenarios" / "valid").glob("*.test.yaml")),
         sorted((corpus / "scenarios" / "invalid").glob("*.test.yaml"))),
    ]
    for validator, valid, invalid in parts:
        if not valid or not invalid:
            print(f"the schema corpus in {corpus.relative_to(ROOT)} is missing files")
            return 1
        for path in valid + invalid:
            name = path.relative_to(ROOT)
            found = problems(validator, load(path))
            if path in valid and found:
                failed += 1
                for line in found:
                    print(f"{name}: valid corpus file rejected: {line}")
            elif path in invalid and not found:
                failed += 1
                print(f"{name}: invalid corpus file accepted by the schema")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
