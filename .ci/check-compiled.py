#!/usr/bin/env python3
"""Validate compiled flows against schemas/compiled.schema.json (JSON Schema 2020-12).

Every *.json in the folder given must pass; a signed envelope's payload is decoded and must pass
as a bare compiled flow too. Known-bad documents must fail first (an unknown key, the old
synthesized `{"push":{"_0":...}}` encoding, a newer compiled version, options on a push), so a schema that accepts
everything cannot pass.

Usage: python3 .ci/check-compiled.py FOLDER      (exit 0 when everything passes, 1 otherwise)
"""

import base64
import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parent.parent

BAD = {
    "an unknown key": {"baton": 1, "compiled": 1, "start": "main", "colour": "red"},
    "the synthesized encoding": {
        "baton": 1, "compiled": 1, "start": "main",
        "flows": [{"name": "main", "kind": "stack", "root": {"name": "home"},
                   "transitions": [{"trigger": {"source": "home", "event": "go"},
                                    "actions": [{"kind": {"push": {"_0": "detail"}}}]}]}],
    },
    "a newer compiled version": {"baton": 1, "compiled": 3, "start": "main"},
    "presentation options on a push": {
        "baton": 1, "compiled": 2, "start": "main",
        "flows": [{"name": "main", "kind": "stack", "root": {"name": "home"},
                   "transitions": [{"trigger": {"source": "home", "event": "go"},
                                    "actions": [{"action": "push", "target": "detail",
                                                 "options": {"dismissible": False}}]}]}],
    },
}


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    schema = json.loads((ROOT / "schemas" / "compiled.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    bare = Draft202012Validator({**schema, "oneOf": [{"$ref": "#/$defs/compiled"}]})
    for what, document in BAD.items():
        if validator.is_valid(document):
            print(f"self-check: {what} passed validation; the schema is too loose")
            return 1

    files = sorted(Path(sys.argv[1]).glob("*.json"))
    if not files:
        print(f"no compiled files in {sys.argv[1]}")
        return 1
    passed = failed = 0
    for path in files:
        document = json.loads(path.read_text(encoding="utf-8"))
        found = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]
        if not found and "signature" in document:
            payload = json.loads(base64.b64decode(document["payload"], validate=True))
            found = [f"payload {'/'.join(map(str, e.absolute_path))}: {e.message}" for e in bare.iter_errors(payload)]
        if found:
            failed += 1
            for line in found:
                print(f"{path.name}: {line[:300]}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
