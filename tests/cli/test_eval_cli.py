"""``tiermem eval`` through the real typer app, on small transcripts and on the shared data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from api.cli import _register, app
from api.evaluation.datasets import load_runs, parse_locomo_datetime
from tests.conftest import shared_data

_register()
runner = CliRunner()


def _trip(turns: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You plan train trips."}]
    out.append({"role": "user", "content": "Budget: one-way at most 200 CNY. Don't auto-book."})
    for i in range(turns):
        out.append(
            {
                "role": "assistant",
                "content": f"Option {i}: train G{7300 + i} costs "
                f"{150 + i} CNY and leaves at 0{i % 10}:15.",
            }
        )
        out.append({"role": "user", "content": f"Noted option {i}, what else is there?"})
    return out


def _eval(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["eval", *args])
    return result.exit_code, result.stdout, result.stderr


def test_eval_prints_metrics_beside_the_window(tmp_path: Path) -> None:
    path = tmp_path / "trip.json"
    path.write_text(json.dumps(_trip(60)), encoding="utf-8")
    out = tmp_path / "out.json"
    code, _, err = _eval(str(path), "--target-tokens", "400", "--json", str(out))
    assert code == 0, err
    result = json.loads(out.read_text())
    methods = {cell["method"] for cell in result["cells"]}
    assert methods == {"tiermem/extractive", "window", "window@cap"}
    ours = next(c for c in result["cells"] if c["method"] != "window")
    assert ours["compactions"] > 0
    assert ours["protocol_error_rate"] == 0.0
    assert ours["compression_ratio"] > 1
    assert 0 <= ours["retention"] <= 1
    assert result["answer_consistency"]["skipped"] is True


def test_eval_bad_input_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, _, err = _eval(str(bad))
    assert code == 2
    assert "cannot read JSON" in err
    code, _, err = _eval(str(tmp_path / "missing.json"))
    assert code == 2
    code, _, err = _eval(str(bad), "--summarizer", "bogus")
    assert code == 2


def test_eval_refuses_a_recall_share_that_leaves_no_window(tmp_path: Path) -> None:
    path = tmp_path / "trip.json"
    path.write_text(json.dumps(_trip(4)), encoding="utf-8")
    code, _, err = _eval(str(path), "--target-tokens", "400", "--recall-share", "0.8")
    assert code == 2
    assert err.count("\n") == 1 and "at most 0.9" in err


def test_locomo_reader_maps_dia_ids_to_message_ids() -> None:
    runs = load_runs(shared_data("locomo", "locomo10.json"))
    assert len(runs) == 10
    questions = sum(len(run.questions) for run in runs)
    assert questions == 1536
    ids = {m["id"] for m in runs[0].payload}
    assert all(e in ids for q in runs[0].questions for e in q.evidence if e.startswith("D"))
    assert parse_locomo_datetime("1:56 pm on 8 May, 2023") == "2023-05-08T13:56:00"


def test_eval_on_one_locomo_conversation(tmp_path: Path) -> None:
    path = shared_data("locomo", "locomo10.json")
    out = tmp_path / "out.json"
    code, _, err = _eval(
        str(path), "--target-tokens", "4000", "--limit-runs", "1", "--json", str(out)
    )
    assert code == 0, err
    cells = json.loads(out.read_text())["cells"]
    assert all(cell["protocol_error_rate"] == 0.0 for cell in cells)
    assert all(cell["retention_detail"]["questions"] > 100 for cell in cells)


def test_answer_consistency_against_a_scripted_local_server(tmp_path: Path) -> None:
    """Uses the scripted OpenAI-compatible server on 127.0.0.1: nothing leaves the machine."""
    from tests.runtime.adapters.scripted_openai import chat_completion, scripted_openai

    convo = [
        {"id": "D1:1", "role": "user", "name": "Ann", "content": "I adopted a cat named Miso."},
        {"id": "D1:2", "role": "assistant", "name": "Bo", "content": "Lovely! When?"},
        {"id": "D1:3", "role": "user", "name": "Ann", "content": "Last week, on 3 May 2023."},
        {"id": "D1:4", "role": "assistant", "name": "Bo", "content": "Congratulations."},
    ]
    sample = {
        "sample_id": "s1",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1": [
                {"speaker": m["name"], "dia_id": m["id"], "text": m["content"]} for m in convo
            ],
        },
        "qa": [
            {
                "question": "What is the cat's name?",
                "answer": "Miso",
                "evidence": ["D1:1"],
                "category": 4,
            }
        ],
    }
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([sample]), encoding="utf-8")
    out = tmp_path / "out.json"
    with scripted_openai() as server:
        server.script(*[chat_completion("Miso") for _ in range(8)])
        code, _, err = _eval(
            str(path),
            "--target-tokens",
            "2000",
            "--summarizer",
            "none",
            "--llm-base-url",
            server.base_url,
            "--llm-model",
            "scripted",
            "--json",
            str(out),
        )
        assert code == 0, err
        sent = server.requests
    result = json.loads(out.read_text())
    assert result["answer_consistency"]["skipped"] is False
    ours = result["cells"][0]["consistency"]
    assert ours == {"questions": 1, "consistency_rate": 1.0, "f1_full": 1.0, "f1_compacted": 1.0}
    assert all("timestamp" not in m and "id" not in m for r in sent for m in r["messages"])


def test_eval_table_fits_100_columns_in_percentages(tmp_path: Path) -> None:
    path = tmp_path / "trip.json"
    path.write_text(json.dumps(_trip(40)), encoding="utf-8")
    code, out, err = _eval(str(path), "--target-tokens", "400", "--json", str(tmp_path / "o.json"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines and max(len(line) for line in lines) <= 100
    assert "%" in out and "kept" in out and "p50 ms" in out


class _Recorder:
    def __init__(self) -> None:
        self.total = -1
        self.labels: list[str] = []

    def begin(self, total: int) -> None:
        self.total = total

    def advance(self, label: str) -> None:
        self.labels.append(label)


def test_eval_progress_counts_every_replay(tmp_path: Path) -> None:
    from api.evaluation.runner import EvalConfig, evaluate

    paths = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(_trip(12)), encoding="utf-8")
        paths.append(path)
    recorder = _Recorder()
    evaluate(
        paths,
        EvalConfig(targets=(300, 600)),
        summarizer=None,
        summarizer_name="none",
        progress=recorder,
    )
    # two files x two caps x three methods (tiermem, window, window@cap)
    assert recorder.total == len(recorder.labels) == 12
    assert any("window@cap @600" in label for label in recorder.labels)
