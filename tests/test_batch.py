"""``analyzer batch``: the same answers as the single commands, bad rows by line number,
CSV and JSON-lines input, Parquet output, --resume and --force."""

import json

import pandas as pd
import pytest

from analyzer import batch
from tests.cli_run import run_cli

HAND = "JK JH JD AH KH TH AS KS 7C 5D"
MELD_HAND = "AS AS TS KS QS JS 9S AH TH KH QH JH"

CSV = f"""game,question,hand,auction,seat,dealer,deals,seed,rules,contract,tricks,upcard,contract_only
500,bid,{HAND},7S pass pass,S,S,600,3,misere=none;joker_lead=last,,,,
five-hundred,bid,JK JH,,,,600,3,,,,,
five-hundred,score,,,,,,,,7S,10,,
pinochle,meld,{MELD_HAND},,,,,,,,,,
euchre,order,JH JD AH KH 9S,,,,500,2,,,,QH,
five-hundred,bid,{HAND},,,,500,4,,,,,yes
"""

SINGLE = {   # input line -> the same question on the command line
    2: ["500", "bid", HAND, "--auction", "7S pass pass", "--seat", "S", "--dealer", "S", "--deals", "600",
        "--seed", "3", "--rule", "misere=none", "--rule", "joker_lead=last"],
    4: ["500", "score", "7S", "10"],
    5: ["pinochle", "meld", MELD_HAND],
    6: ["euchre", "order", "JH JD AH KH 9S", "--upcard", "QH", "--deals", "500", "--seed", "2"],
    7: ["500", "bid", HAND, "--deals", "500", "--seed", "4", "--contract-only"],
}


def _read(path):
    if str(path).endswith(".parquet"):
        return pd.read_parquet(path)
    return pd.read_csv(path)


def _same(ours, theirs):
    if isinstance(theirs, float) or isinstance(ours, float):
        if theirs is None:
            return ours is None or ours != ours
        return ours == pytest.approx(theirs, rel=1e-12, abs=1e-12)
    if isinstance(theirs, (list, dict)):
        return json.loads(ours) == theirs
    if isinstance(theirs, bool):
        return str(ours).lower() == str(theirs).lower()
    return str(ours) == str(theirs)


def _check_against_single_commands(df, capsys, inputs, lines=SINGLE):
    taken = set(batch.RESERVED) | set(batch.TAIL) | set(inputs)

    def name(k):                       # an answer's column named like an input's: answer_NAME
        return f"answer_{k}" if k in taken else k

    for line, args in lines.items():
        code, out, err = run_cli(args + ["--json"], capsys)
        assert code == 0, err
        theirs = json.loads(out)
        rows = df[df["row"] == line]
        if "options" not in theirs:                      # a record question: one row of its fields
            assert len(rows) == 1
            rec = rows.iloc[0]
            for k, v in theirs.items():
                assert _same(rec[name(k)], v), (line, k, rec[name(k)], v)
            continue
        options = theirs["options"]
        assert len(rows) == len(options), line
        for (_, rec), opt in zip(rows.iterrows(), options):
            for k, v in opt.items():
                assert _same(rec[name(k)], v), (line, k, rec[name(k)], v)
        best = rows[rows["best"].astype(str).str.lower() == "true"]
        assert len(best) == 1 and set(rows["recommendation"]) == {theirs["recommendation"]}
        if "tie" in theirs:                              # verdict.lead's call, on every row
            assert set(rows["tie"].astype(str).str.lower()) == {str(theirs["tie"]).lower()}
        else:
            assert rows["tie"].isna().all()


def test_csv_answers_are_the_single_commands_and_a_bad_row_is_reported(tmp_path, capsys, small_chunks):
    src = tmp_path / "q.csv"
    src.write_text(CSV)
    out = tmp_path / "a.csv"
    code, stdout, err = run_cli(["batch", str(src), "--out", str(out), "--threads", "2"], capsys)
    assert code == 1, err                                   # one bad row
    assert "line 3: the hand has 2 cards; Five Hundred needs 10" in err
    assert "answered 5 of 6 rows; 1 bad row: line 3" in err
    df = _read(out)
    assert sorted(set(df["row"])) == [2, 4, 5, 6, 7]
    assert list(df.columns[:3]) == ["row", "game", "question"] and list(df.columns[-3:]) == ["best", "tie", "recommendation"]
    assert set(df["game"]) == {"five-hundred", "pinochle", "euchre"}
    assert set(df.loc[df["row"] == 2, "rules"]) == {"misere=none;joker_lead=last"}
    _check_against_single_commands(df, capsys, CSV.splitlines()[0].split(",")[2:])
    # the same input on one thread: the same answers
    out1 = tmp_path / "a1.csv"
    run_cli(["batch", str(src), "--out", str(out1), "--threads", "1"], capsys)
    pd.testing.assert_frame_equal(df, _read(out1))


def test_jsonl_input_and_parquet_output(tmp_path, capsys):
    lines = [
        {"game": "500", "question": "bid", "hand": HAND, "auction": "7S pass pass", "seat": "S", "dealer": "S",
         "deals": 600, "seed": 3, "rules": ["misere=none", "joker_lead=last"]},
        {"game": "five-hundred", "question": "score", "contract": "7S", "tricks": 10},
        {"game": "pinochle", "question": "meld", "hand": MELD_HAND, "trump": None},
        {"game": "five-hundred", "question": "bid", "hand": HAND, "deals": 500, "seed": 4, "contract_only": True},
        {"game": "five-hundred", "question": "bid", "hand": HAND, "colour": "red"},
    ]
    src = tmp_path / "q.jsonl"
    take = {"game": "pinochle", "question": "bid", "hand": "AS TS KS QS JS JS QD KD AH AH AC AC", "deals": 2000,
            "seed": 0}                # every low opening comes to the same when nobody overcalls: a tie (verdict)
    src.write_text("\n".join(json.dumps(x) for x in lines) + "\n\nnot json\n" + json.dumps(take) + "\n")
    out = tmp_path / "a.parquet"
    code, _, err = run_cli(["batch", str(src), "--out", str(out), "--threads", "2"], capsys)
    assert code == 1
    assert "line 5: five-hundred bid takes no colour" in err and "line 7: not JSON" in err
    assert "answered 5 of 7 rows; 2 bad rows: lines 5, 7" in err
    df = _read(out)
    assert sorted(set(df["row"])) == [1, 2, 3, 4, 8]
    assert set(df.loc[df["row"] == 1, "rules"]) == {"misere=none;joker_lead=last"}
    assert df.loc[df["row"] == 8, "tie"].astype(bool).all()
    inputs = {k for x in lines + [take] for k in x} - {"game", "question"}
    _check_against_single_commands(df, capsys, inputs, {1: SINGLE[2], 2: SINGLE[4], 3: SINGLE[5], 4: SINGLE[7],
                                                        8: ["pinochle", "bid", take["hand"], "--deals", "2000",
                                                            "--seed", "0"]})


QUICK = f"""game,question,contract,tricks,hand,deals,seed
500,score,7S,10,,,
500,score,8H,5,,,
pinochle,meld,,,{MELD_HAND},,
500,bid,,,{HAND},500,2
500,score,6NT,6,,,
"""


def test_resume_after_a_stop_answers_only_the_rest(tmp_path, capsys, monkeypatch):
    src = tmp_path / "q.csv"
    src.write_text(QUICK)
    direct = tmp_path / "direct.csv"
    assert run_cli(["batch", str(src), "--out", str(direct)], capsys)[0] == 0

    asked, real = [], batch._ask

    def stop_at_third(game, question, values):
        asked.append((game, question))
        if len(asked) == 3:
            raise KeyboardInterrupt            # Ctrl-C twice: the row under way is dropped
        return real(game, question, values)

    monkeypatch.setattr(batch, "_ask", stop_at_third)
    out = tmp_path / "a.csv"
    code, _, err = run_cli(["batch", str(src), "--out", str(out)], capsys)
    assert code == 130 and "--resume" in err
    assert sorted(set(_read(out)["row"])) == [2, 3]
    side = json.loads((tmp_path / "a.csv.batch.json").read_text())
    assert side["done"] == [2, 3] and side["finished"] is False

    asked.clear()
    monkeypatch.setattr(batch, "_ask", lambda g, q, v: (asked.append((g, q)), real(g, q, v))[1])
    code, _, err = run_cli(["batch", str(src), "--out", str(out), "--resume"], capsys)
    assert code == 0, err
    assert asked == [("pinochle", "meld"), ("five-hundred", "bid"), ("five-hundred", "score")]
    assert "answered 5 of 5 rows (2 in the earlier run)" in err
    pd.testing.assert_frame_equal(_read(out), _read(direct))

    # finished: nothing to resume; a plain run over it is refused; --force starts over
    code, _, err = run_cli(["batch", str(src), "--out", str(out), "--resume"], capsys)
    assert code == 2 and err.startswith("analyzer: error: nothing to resume in") and err.count("\n") == 1
    code, _, err = run_cli(["batch", str(src), "--out", str(out)], capsys)
    assert code == 2 and "already holds" in err and "--force" in err and err.count("\n") == 1
    assert run_cli(["batch", str(src), "--out", str(out), "--force"], capsys)[0] == 0


def test_resume_refused_when_the_input_changed(tmp_path, capsys, monkeypatch):
    src = tmp_path / "q.csv"
    src.write_text(QUICK)
    real = batch._ask
    calls = []

    def stop_at_second(game, question, values):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(game, question, values)

    monkeypatch.setattr(batch, "_ask", stop_at_second)
    out = tmp_path / "a.csv"
    assert run_cli(["batch", str(src), "--out", str(out)], capsys)[0] == 130
    src.write_text(QUICK.replace("8H,5", "8H,6"))
    code, _, err = run_cli(["batch", str(src), "--out", str(out), "--resume"], capsys)
    assert code == 2 and "changed since" in err and err.count("\n") == 1
    code, _, err = run_cli(["batch", str(src), "--out", str(tmp_path / "none.csv"), "--resume"], capsys)
    assert code == 2 and "nothing to resume in" in err


def test_unreadable_input_and_bad_out_are_one_line_and_exit_2(tmp_path, capsys):
    src = tmp_path / "q.csv"
    src.write_text("hand,deals\nJK,100\n")
    for args, words in (([str(src), "--out", str(tmp_path / "a.csv")], "no 'game' column"),
                        ([str(tmp_path / "missing.csv"), "--out", str(tmp_path / "a.csv")], "cannot read"),
                        ([str(src), "--out", str(tmp_path / "a.xlsx")], ".csv or .parquet"),
                        ([str(src), "--out", str(tmp_path / "no" / "a.csv")], "does not exist")):
        code, _, err = run_cli(["batch", *args], capsys)
        assert code == 2 and words in err and err.count("\n") == 1, err


def test_python_function(tmp_path):
    src = tmp_path / "q.csv"
    src.write_text(QUICK)
    summary = batch.run(src, tmp_path / "a.csv", say=lambda text: None)
    assert summary.ok and summary.answered == 5 and summary.line() == "answered 5 of 5 rows"
