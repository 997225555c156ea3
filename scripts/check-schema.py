#!/usr/bin/env python3
"""Validates scenario files against schema/scenario.schema.json with a real JSON Schema validator.

Usage: scripts/check-schema.py [FILE|DIR ...]   (default: Scenarios/; the heartbeat example uses a plugin the schema does not know)
Exit status 0 when every file is valid, 1 otherwise; one line per invalid file and error.
"""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "schema" / "scenario.schema.json").read_text())
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)

targets = [pathlib.Path(p) for p in sys.argv[1:]] or [root / "Scenarios"]
files = []
for target in targets:
    if target.is_dir():
        files += sorted(target.rglob("*.json"))
    elif target.exists():
        files.append(target)

failures = 0
for path in files:
    document = json.loads(path.read_text())
    for error in sorted(validator.iter_errors(document), key=lambda e: list(e.path)):
        failures += 1
        pointer = "/" + "/".join(str(part) for part in error.path)
        print(f"{path}: {pointer}: {error.message[:300]}")
print(f"{len(files)} files checked against the scenario schema, {failures} errors")
sys.exit(1 if failures else 0)
