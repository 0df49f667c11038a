"""Redaction hits over real data: every string of tau-bench airline and LoCoMo, redacted.

A change to a redaction rule should move these figures only where it means to (a kind found
more or less often); the strings that redact differently are listed so a reviewer can judge
each one. The strings are every JSON string leaf of both files (keys excluded): 22,240 in
tau-bench, 34,079 in LoCoMo, 56,319 in all.

Usage: python bench/redaction_hits.py [--json PATH] [--against PATH]
    --json PATH     write the per-string results (for a later --against)
    --against PATH  list the strings whose redaction differs from an earlier --json run
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime.summary.redact import redact

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
FILES = {
    "tau-bench": DATA / "tau-bench" / "gpt-4o-airline.json",
    "locomo": DATA / "locomo" / "locomo10.json",
}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--against", type=Path)
    args = parser.parse_args()
    if not all(path.exists() for path in FILES.values()):
        sys.exit(f"real data not found under {DATA}")
    results: dict[str, dict[str, Any]] = {}
    total: Counter[str] = Counter()
    for name, path in FILES.items():
        counts: Counter[str] = Counter()
        strings = list(_strings(json.loads(path.read_text(encoding="utf-8"))))
        changed = 0
        for i, text in enumerate(strings):
            redacted, found = redact(text)
            counts.update(found)
            changed += redacted != text
            if found:
                digest = hashlib.sha256(redacted.encode()).hexdigest()[:16]
                results[f"{name}:{i}"] = {"counts": dict(found), "digest": digest}
        total.update(counts)
        hits = dict(sorted(counts.items()))
        print(f"{name}: {len(strings):,} strings, {changed:,} changed, hits {hits}")
    print(f"all: hits {dict(sorted(total.items()))}")
    if args.json:
        args.json.write_text(json.dumps(results, sort_keys=True), encoding="utf-8")
    if args.against:
        before = json.loads(args.against.read_text(encoding="utf-8"))
        differ = sorted(
            k for k in before.keys() | results.keys() if before.get(k) != results.get(k)
        )
        print(f"{len(differ)} strings redact differently from {args.against}")
        for key in differ:
            was, now = before.get(key, {}).get("counts"), results.get(key, {}).get("counts")
            print(f"  {key}: {was} -> {now}")


if __name__ == "__main__":
    main()
