"""The handout and the instructors' notes hold no number the reference does not.

* every generated island and figure is current (``handout/build.py --check``);
* every table of scores, parsed back out of the Markdown, equals what ``xo``
  computes for the board its caption names, and every answer the text gives is
  what ``XO.makeOptimalMove()`` plays;
* every ``>>>`` example of the handout runs as shown against the reference;
* the example game's figure draws the boards ``str(BoardXO)`` draws;
* the 247/243 counts of the instructors' notes and of Part VI are recomputed here;
* Part VI's samples are the judges' own (copied here) and run as shown through the reference's command lines,
  and its backup figure and lists hold the minimax values (recomputed here by plain recursion);
* the instructors' breadth-first minimax sketch is minimax;
* the HTML is self-contained, and headless Chromium (Debian's ``chromium``)
  loads it without errors and draws its figures.
"""

import ast
import doctest
import functools
import importlib.util
import json
import os
import re
import subprocess
import sys

import golden  # noqa: E402  (tests/golden: the pinned configuration)
import pytest
from browser import WINDOW, browser, decode_png, ink, run_chromium  # noqa: F401 (browser: a fixture)

from xo.analysis import board_from_moves, board_from_state, handout_move, minimax_scores, reachable_positions
from xo.board import CELLS, EMPTY, BoardXO, O, X
from xo.game import PART_IV, PART_V, XO, best_cell, player_to_move, score_moves

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
HANDOUT = os.path.join(TOP, "handout")
DOCUMENTS = ("handout.md", "INSTRUCTORS.md")


def read(name):
    with open(os.path.join(HANDOUT, name), encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="module")
def build():
    """handout/build.py, imported as a module."""
    spec = importlib.util.spec_from_file_location("handout_build", os.path.join(HANDOUT, "build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------- reading the Markdown back

CALL = re.compile(r"XO\((\[[^\]]*\]), (\[[^\]]*\]), (\d+)\)")
RULES = {"Part IV": PART_IV, "Part V": PART_V}


def tables(text):
    """Every Markdown table: (caption: the paragraph just above it, rows: lists of cell texts)."""
    lines = text.splitlines()
    found = []
    k = 0
    while k < len(lines):
        if lines[k].startswith("|"):
            start = k
            while k < len(lines) and lines[k].startswith("|"):
                k += 1
            rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines[start:k]]
            rows = [r for r in rows if not all(set(c) <= set("-: ") for c in r)]
            above = start - 1
            while above >= 0 and not lines[above].strip():
                above -= 1
            paragraph = []
            while above >= 0 and lines[above].strip():
                paragraph.insert(0, lines[above])
                above -= 1
            found.append((" ".join(paragraph), rows))
        else:
            k += 1
    return found


def game_of(caption):
    """The reference game made by the ``XO(play, pos, n)`` call in ``caption``."""
    calls = CALL.findall(caption)
    assert len(calls) == 1, f"a score table's caption names one XO(play, pos, n) call: {caption!r}"
    play, pos, n = (ast.literal_eval(part) for part in calls[0])
    return XO(play, pos, n)


def number(text):
    return None if text in ("", "—") else int(text)


def score_tables(text):
    """(caption, kind, rows by label) of every table of scores."""
    out = []
    for caption, rows in tables(text):
        labels = {r[0]: r[1:] for r in rows}
        if "Final score" in labels:
            out.append((caption, "handout", labels))
        elif "Part V score" in labels or "minimax value" in labels:
            out.append((caption, "instructors", {r[0]: r[1:] for r in rows}))
    return out


class TestScoreTables:
    """Recomputed here from the board each caption names, independently of the islands."""

    @pytest.mark.parametrize("document, least", [("handout.md", 4), ("INSTRUCTORS.md", 4)])
    def test_every_table_of_scores_is_the_reference_s(self, document, least):
        found = score_tables(read(document))
        assert len(found) >= least, f"{document}: expected at least {least} tables of scores, found {len(found)}"
        for caption, kind, rows in found:
            game = game_of(caption)
            board = game.getBoard()
            empty = [c for c in CELLS if board.state[c] == EMPTY]
            assert f"{'X' if player_to_move(board) == X else 'O'} to move" in caption, caption
            if kind == "handout":
                rules = [name for name in RULES if f"{name} rules" in caption]
                assert len(rules) == 1, f"the caption names the Part IV or the Part V rules: {caption!r}"
                rule = RULES[rules[0]]
                scores = score_moves(board, rule)
                assert [number(c) for c in rows["Move"]] == list(range(1, len(empty) + 1)), caption
                assert [number(c) for c in rows["Position"]] == empty, caption
                assert [number(c) for c in rows["Initial score"]] == [rule.initial] * len(empty), caption
                assert [number(c) for c in rows["Final score"]] == [scores[c] for c in empty], caption
            else:
                assert [number(c) for c in rows["cell"]] == empty, caption
                expected = {"Part IV score": score_moves(board, PART_IV), "Part V score": score_moves(board, PART_V),
                            "minimax value": minimax_scores(board)}
                for label, scores in expected.items():
                    assert [number(c) for c in rows[label]] == [scores[c] for c in empty], (caption, label)

    def test_the_part_iv_answers_are_the_rules_moves(self):
        text = read("handout.md")
        picks = re.findall(r"pick move (\d+), cell (\d+)|make move (\d+) \(to cell (\d+)\)", text)
        assert len(picks) == 2
        captions = [caption for caption, kind, _ in score_tables(text) if "Part IV rules" in caption]
        for caption, pick in zip(captions, picks):
            move, cell = [int(v) for v in pick if v]
            board = game_of(caption).getBoard()
            empty = [c for c in CELLS if board.state[c] == EMPTY]
            assert cell == best_cell(score_moves(board, PART_IV)) == empty[move - 1]

    def test_the_part_v_example_s_answer_is_make_optimal_move(self):
        text = read("handout.md")
        scenario = text[text.index("## Part V"):]
        call = CALL.search(scenario).group(0)             # the scenario names its game first
        answer = int(re.search(r"the optimal move for player X to take is to cell (\d)", scenario).group(1))
        game = game_of(call)
        assert player_to_move(game.getBoard()) == X
        part_iv = int(re.search(r"making the move to cell (\d)", scenario).group(1))
        assert part_iv == best_cell(score_moves(game.getBoard(), PART_IV))
        assert game.makeOptimalMove() == answer
        assert part_iv != answer
        tables_ = [caption for caption, _, _ in score_tables(scenario) if "Part V rules" in caption]
        assert call in tables_[0], "the Part V table is the scenario's"

    def test_the_empty_board_s_answer(self):
        text = read("handout.md")
        claimed = int(re.search(r"`XO\(\)\.makeOptimalMove\(\)` plays X on cell (\d)", text).group(1))
        assert XO().makeOptimalMove() == claimed


SHIPPED_CONFIG = golden.PINNED_CONFIG
"""The tracked handout and instructors' notes describe the kit's shipped configuration, its pinned copy
(handout/notes.py: ``SHIPPED``), whatever an instructor made of grader/config.toml: what a course gets is made
for its own configuration elsewhere (``build.configured``, tested in tests/test_matrix.py)."""


_STALE = {}
"""``build.stale()`` of each ``build`` module, worked out once: it makes every island and figure again (10 to
25 s), and four tests ask it."""

CURRENT_RECORD = os.path.join(HERE, "golden", "handout.json")
"""The digest of everything the islands and figures are made from (``handout_sources``), as it was when
``build.stale()`` last found them all current: while it holds, they are (``test_fixtures_are_current``'s way)."""

SOURCES = ("handout", "xo", "grader", "ship")


def handout_sources(top=TOP):
    """Every file the handout's islands and figures can be made from: the folders ``build.py`` imports from
    (``SOURCES``, without bytecode), and ``pyproject.toml``."""
    paths = [os.path.join(top, "pyproject.toml")]
    for name in SOURCES:
        for folder, subfolders, files in os.walk(os.path.join(top, name)):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            paths += [os.path.join(folder, f) for f in sorted(files) if not f.endswith(".pyc")]
    return paths


def sources_digest(top=TOP):
    return golden.digest(handout_sources(top), sys.version_info[:2])


def stale_islands(build):
    """``build.stale()``, or [] without building when the record says these very sources were found current."""
    digest = sources_digest()
    try:
        with open(CURRENT_RECORD, encoding="utf-8") as f:
            if json.load(f).get("sources") == digest:
                return []
    except (OSError, ValueError):
        pass
    stale = build.stale()
    if not stale:
        with open(CURRENT_RECORD, "w", encoding="utf-8") as f:
            json.dump({"sources": digest}, f, indent=1)
            f.write("\n")
    return stale


def test_a_change_to_a_source_of_the_handout_shows_in_its_digest(tmp_path):
    """The record is trusted only for the exact sources it was made from: one byte more in a file of any of
    ``SOURCES``, or a file more, changes the digest; bytecode does not."""
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    for name in SOURCES:
        (tmp_path / name / "sub").mkdir(parents=True)
        (tmp_path / name / "sub" / "a.py").write_text("A = 1\n")
    before = sources_digest(str(tmp_path))
    (tmp_path / "grader" / "__pycache__").mkdir()
    (tmp_path / "grader" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    assert sources_digest(str(tmp_path)) == before
    for name in SOURCES:
        path = tmp_path / name / "sub" / "a.py"
        path.write_text("A = 1\n ")
        assert sources_digest(str(tmp_path)) != before, name
        path.write_text("A = 1\n")
    (tmp_path / "handout" / "figures.svg").write_text("<svg/>")
    assert sources_digest(str(tmp_path)) != before


def current_or_stale(build):
    """``stale_islands(build)``, worked out once per ``build`` module."""
    if build not in _STALE:
        _STALE[build] = stale_islands(build)
    return _STALE[build]


def test_islands_and_figures_are_current(build):
    stale = current_or_stale(build)
    assert not stale, "out of date (run `make handout`): " + ", ".join(stale)


def test_handout_examples_run_against_the_reference():
    text = read("handout.md")
    test = doctest.DocTestParser().get_doctest(text, {}, "handout.md", os.path.join(HANDOUT, "handout.md"), 0)
    assert len(test.examples) >= 30, "the handout's >>> examples were not found"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)


def test_every_board_the_handout_plays_is_in_a_check_students_see():
    """Every board on which Parts I–V of the handout show makeOptimalMove()'s answer is a position of a check
    whose details students see (visible, in the kit's pinned configuration): a program that fails one of the
    handout's own examples is shown that example, never only a withheld check's counts.  (A clean-room
    submission failed the win-or-draw example and saw nothing but 4.7's and 5.7's counts.)"""
    from grader.game.positions import expand
    from grader.grading.points import load
    from ship.build import visible_fixtures

    text = read("handout.md")
    text = text[:text.index("\n## Part VI")]
    examples = doctest.DocTestParser().get_examples(text, "handout.md")
    namespace = {"XO": XO, "BoardXO": BoardXO}
    shown = []
    for example in examples:
        call = re.fullmatch(r"(.+)\.makeOptimalMove\(\)", example.source.strip())
        if call:
            board = eval(call.group(1), namespace).b          # the board before the move is made
            shown.append((call.group(1), tuple(board.state), player_to_move(board)))
        exec(example.source, namespace)
    assert len(shown) >= 4, f"the handout's makeOptimalMove() examples were not found: {shown}"

    fixtures = visible_fixtures(load(golden.PINNED_CONFIG))
    seen = {(tuple(r["state"]), r["to_move"]) for group in fixtures["positions"].values()
            for r in (expand(e) if isinstance(e, str) else e for e in group) if isinstance(r, dict) and "to_move" in r}
    missing = [call for call, state, to_move in shown if (state, to_move) not in seen]
    assert not missing, f"no visible check plays these examples of the handout: {missing}"


def test_no_example_numbers_outside_the_islands(build):
    """Cells, positions and moves of the examples are named only where code writes them."""
    for name in DOCUMENTS:
        text = build.ISLAND.sub("", read(name))
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
        found = re.findall(r"\b(?:cells?|positions?|moves?|score) -?\d+\b", text)
        assert not found, f"{name}: example numbers outside the generated islands: {found}"


# ---------------------------------------------------------------- the figures

def drawn_boards(svg):
    """Every board an SVG draws: (its data-board rows, the state its marks draw)."""
    boards = []
    for match in re.finditer(r'<g class="board" data-board="([^"]*)"[^>]*>(.*?)</g>', svg, re.S):
        state = [EMPTY] * 9
        for kind, cell in re.findall(r'<(?:path|circle) class="([xo])" data-cell="(\d)"', match.group(2)):
            state[int(cell)] = X if kind == "x" else O
        boards.append((match.group(1).replace("&#x27;", "'"), state))
    return boards


def drawing(state):
    symbols = {X: "X", O: "O", EMPTY: " "}
    return "/".join("".join(symbols[v] for v in state[r:r + 3]) for r in (0, 3, 6))


def test_example_game_figure_draws_what_str_draws():
    text = read("handout.md")
    words = re.search(r"For example, the game ((?:[XO] on \d(?:, )?)+):", text).group(1)
    moves = [(X if p == "X" else O, int(c)) for p, c in re.findall(r"([XO]) on (\d)", words)]
    game = XO()
    expected = []
    for player, cell in moves:
        game.makeMove(player, cell)
        expected.append(str(game.getBoard()).replace("\n", "/"))
    boards = drawn_boards(read(os.path.join("figures", "example-game.svg")))
    assert [rows for rows, _ in boards] == expected
    assert [drawing(state) for _, state in boards] == expected
    assert str(game.getBoard()) == "O X\nX  \nXOO"            # the contract's own example
    assert game.getBoard().state == [1, 0, -1, -1, 0, 0, -1, 1, 1]


def test_every_figure_draws_the_boards_it_says():
    names = sorted(n for n in os.listdir(os.path.join(HANDOUT, "figures")) if n.endswith(".svg"))
    assert len(names) >= 8
    total = 0
    for name in names:
        for rows, state in drawn_boards(read(os.path.join("figures", name))):
            assert drawing(state) == rows, name
            total += 1
    assert total > 50


def test_every_linked_figure_exists():
    for name in DOCUMENTS:
        for link in re.findall(r"\]\((figures/[^ )]+)", read(name)):
            assert os.path.exists(os.path.join(HANDOUT, link)), f"{name} links to {link}, which is missing"


# ---------------------------------------------------------------- the instructors' notes

def sign(v):
    return (v > 0) - (v < 0)


@functools.lru_cache(maxsize=None)
def recount():
    """{first player: (positions not over, not minimax-optimal, worse outcome, kinds)} of the Part V rules."""
    counts = {}
    for first in (X, O):
        positions = not_optimal = worse = 0
        kinds = {}
        for state, mover in reachable_positions(first):
            board = board_from_state(list(state), mover)
            values = minimax_scores(board)
            best = max(v for v in values if v is not None)
            chosen = values[handout_move(board)]
            positions += 1
            if chosen != best:
                not_optimal += 1
                worse += sign(chosen) < sign(best)
                kinds[(sign(best), sign(chosen))] = kinds.get((sign(best), sign(chosen)), 0) + 1
        counts[first] = (positions, not_optimal, worse, kinds)
    return counts


def test_not_minimax_counts_are_recomputed():
    text = read("INSTRUCTORS.md")
    claim = re.search(r"On \*\*(\d+)\*\* of the \*\*([\d,]+)\*\* reachable positions that are not over .*?"
                      r"\*\*(\d+)\*\* of ([\d,]+) when O moves first.*? on \*\*(\d+)\*\* of them", text, re.S)
    assert claim, "the counts sentence is missing"
    quoted = [int(v.replace(",", "")) for v in claim.groups()]
    rows = {r[0]: r[1:] for caption, rows in tables(text) for r in rows if r and r[0] in ("X", "O")}
    counts = recount()
    (xp, xn, xw, xk), (op, on, ow, ok) = counts[X], counts[O]
    assert quoted == [xn, xp, on, op, xw]
    assert (xp, xn, xw, on, ow) == (4520, 247, 243, 247, 243)     # as the issue and grader/config.toml say
    for first, (positions, not_optimal, worse, kinds) in counts.items():
        row = [int(v) for v in rows["X" if first == X else "O"]]
        assert row == [positions, not_optimal, worse, kinds.get((0, -1), 0), kinds.get((1, -1), 0),
                       kinds.get((1, 0), 0), kinds.get((1, 1), 0)]


def test_position_a_is_the_one_the_issue_describes():
    """After X takes cell 0 the rules have O play 1, which loses; only the centre draws."""
    board = board_from_moves([(X, 0)])
    values = minimax_scores(board)
    assert handout_move(board) == 1 and values[1] < 0
    assert [c for c in CELLS if values[c] is not None and values[c] >= 0] == [4]
    assert "after X takes cell 0, the rules have O play 1" in read("INSTRUCTORS.md")


def test_the_breadth_first_minimax_sketch_is_minimax():
    text = read("INSTRUCTORS.md")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "minimax_scores_bfs" in b]
    assert len(blocks) == 1
    namespace = {}
    exec(compile(blocks[0], "INSTRUCTORS.md", "exec"), namespace)
    sketch = namespace["minimax_scores_bfs"]
    checked = 0
    for first in (X, O):
        for state, mover in reachable_positions(first):
            if 9 - state.count(EMPTY) < 3:
                continue
            board = board_from_state(list(state), mover)
            assert sketch(board) == minimax_scores(board), state
            checked += 1
    assert checked > 8000
    for moves in ([(X, 0)], [(X, 0), (O, 2)]):
        board = board_from_moves(moves)
        assert sketch(board) == minimax_scores(board)


# ---------------------------------------------------------------- Part VI

def island(text, name):
    """The body of the generated island ``name``."""
    found = re.search(rf"<!-- BEGIN generated:{name} -->\n(.*?)<!-- END generated:{name} -->", text, re.S)
    assert found, f"the island {name} is missing"
    return found.group(1)


def text_blocks(markdown_text):
    return [block for block in re.findall(r"```text\n(.*?)```", markdown_text, re.S)]


# The judges' own samples, copied from their problem statements as the kit's seeds hold them (the seeds'
# copies lost their line breaks; Code Quest's also lost the last two rows of its second board, the empty one,
# whose answer is X in the first cell).
SEED_SAMPLES = {
    "codequest": ("2 00X X*0 **X ***", "00X X*0 X*X X** ***"),
    "codingame": ("X XOX OOX ...", "XOX OOX ..X"),
}
NINJA_SEED = ("X O X\nO O X\n_ _ _", "if we put X at positions 3, 3 in the grid we win straightaway. Hence the best "
              "possible score is 1 (Win).")


def flat(block):
    return " ".join(block.split())


@pytest.mark.parametrize("name", ["codequest", "ninja", "codingame"])
def test_part_vi_samples_are_the_judges_own(name):
    blocks = text_blocks(island(read("handout.md"), f"part6-{name}"))
    assert len(blocks) == 2, blocks
    given, answer = blocks
    if name == "ninja":
        board, words = NINJA_SEED
        assert given.split() == [row.replace(" ", "") for row in board.splitlines()]
        score, row, col = re.search(r"positions (\d), (\d) .* best possible score is (-?\d)", words).group(3, 1, 2)
        assert answer.split() == [score, row, col]
        return
    seed_in, seed_out = SEED_SAMPLES[name]
    if name == "codingame":
        assert (flat(given), flat(answer)) == (seed_in, seed_out)
        return
    # Code Quest: the seed's text, then the rest of its empty second board (the count line says two boards).
    assert flat(given).startswith(seed_in) and flat(answer).startswith(seed_out)
    assert given.split() == seed_in.split() + ["***", "***"]
    assert answer.split() == seed_out.split() + ["***"]


def run_module(module, data):
    run = subprocess.run([sys.executable, "-m", module], input=data, capture_output=True, text=True, cwd=TOP,
                         timeout=120)
    return run.returncode, run.stdout, run.stderr


@pytest.mark.parametrize("name", ["codequest", "ninja", "codingame"])
def test_part_vi_samples_run_as_shown(name):
    """The handout's sample output is what the reference's command line prints for its sample input."""
    body = island(read("handout.md"), f"part6-{name}")
    given, answer = text_blocks(body)
    assert f"`python -m xo.{name}`" in body
    assert run_module(f"xo.{name}", given) == (0, answer, "")


def test_part_vi_bad_input_examples_run_as_shown():
    block, = text_blocks(island(read("handout.md"), "part6-bad-input"))
    lines = block.splitlines()
    assert len(lines) == 12
    for k in range(0, 12, 4):
        command, message, echo, status = lines[k:k + 4]
        found = re.fullmatch(r"\$ printf '(.*)' \| python -m (xo\.\w+)", command)
        assert found and echo == "$ echo $?", lines[k:k + 4]
        data = found.group(1).replace("\\n", "\n")
        assert run_module(found.group(2), data) == (int(status), "", message + "\n")
        assert int(status) == 2 and message.startswith(f"python -m {found.group(2)}: line")


def figure_values(svg):
    """(order, parent, value, rows) of every board of the Part VI figure."""
    return [(int(o), int(p), int(v), rows.replace("&#x27;", "'"))
            for o, p, v, rows in re.findall(r'<g class="value" data-order="(-?\d+)" data-parent="(-?\d+)" '
                                            r'data-value="(-?\d+)" data-board="([^"]*)">', svg)]


def test_part_vi_figure_and_tables_hold_minimax_values():
    """Every board of the backup figure carries its minimax value for the root's player, recomputed here with
    the plain recursive minimax of xo.analysis (not the breadth-first search that drew it); the parents are the
    boards one move earlier; the lists under the figure are the figure's."""
    text = read("handout.md")
    body = island(text, "part6-backup")
    assert "figures/part6-backup.svg" in body
    boards = figure_values(read(os.path.join("figures", "part6-backup.svg")))
    assert [b[0] for b in boards] == list(range(len(boards))) and len(boards) >= 10

    def state_of(rows):
        return [X if ch == "X" else O if ch == "O" else EMPTY for ch in rows.replace("/", "")]

    root_state = state_of(boards[0][3])
    root_player = X if root_state.count(X) == root_state.count(O) else O     # the example game: X moved first
    made = 9 - root_state.count(EMPTY)
    for order, parent, value, rows in boards:
        state = state_of(rows)
        depth = 9 - state.count(EMPTY) - made
        mover = root_player if depth % 2 == 0 else -root_player
        if order == 0:
            assert parent == -1
        else:
            above = state_of(boards[parent][3])
            changed = [c for c in CELLS if above[c] != state[c]]
            assert len(changed) == 1 and above[changed[0]] == EMPTY and state[changed[0]] == -mover
            assert parent < order
        m = 9 - state.count(EMPTY)
        lines = [l for l in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
                 if state[l[0]] != EMPTY and state[l[0]] == state[l[1]] == state[l[2]]]
        if lines:
            expected = 10 - m if state[lines[0][0]] == root_player else m - 10
        elif m == 9:
            expected = 0
        else:
            best = max(v for v in minimax_scores(board_from_state(state, mover)) if v is not None)
            expected = best if mover == root_player else -best
        assert value == expected, (order, rows, value, expected)

    rows = {r[0]: r[1:] for caption, rows in tables(body) for r in rows}
    assert [int(c) for c in rows["board"]] == [b[0] for b in boards]
    assert [int(c) for c in rows["parent"]] == [b[1] for b in boards]
    value_row = next(label for label in rows if label.startswith("value for "))
    assert [int(c) for c in rows[value_row]] == [b[2] for b in boards]
    # The root's children are the moves, in cell order: their values are the example game's minimaxValues().
    call = CALL.search(text[text.index("## Part I"):]).group(0)
    game = game_of(call)
    assert game.getBoard().state == root_state
    children = [b for b in boards if b[1] == 0]
    values = game.minimaxValues()
    assert [b[2] for b in children] == [v for v in values if v is not None]
    best = game.makeMinimaxMove()
    assert f"`makeMinimaxMove()` plays {best}" in body


def test_part_vi_counts_are_recomputed():
    text = island(read("handout.md"), "part6-why")
    claim = re.search(r"On \*\*(\d+)\*\* of the ([\d,]+) reachable positions .*?; (\d+) of ([\d,]+) in games O "
                      r"started\), .*? on (\d+) of them", text, re.S)
    assert claim, text
    quoted = [int(v.replace(",", "")) for v in claim.groups()]
    counts = recount()
    (xp, xn, xw, _), (op, on, _, _) = counts[X], counts[O]
    assert quoted == [xn, xp, on, op, xw]


def test_checks_table_comes_from_the_grader(build):
    assert not current_or_stale(build), "the islands are stale: run `make handout`"
    from grader.grading.points import markdown_table
    assert markdown_table(SHIPPED_CONFIG).strip() in read("INSTRUCTORS.md")


def test_changes_from_the_cpp_edition_give_points_and_switches(build):
    """Each change from the C++ edition in the instructors' notes, with the points at stake and its setting."""
    assert not current_or_stale(build), "the islands are stale: run `make handout`"
    sys.path.insert(0, os.path.join(TOP, "handout"))
    from notes import CPP_CHANGES

    from grader.grading.points import load, max_scores
    text = read("INSTRUCTORS.md")
    section = text[text.index("## Changes from the C++ edition"):]
    scores = max_scores(load(SHIPPED_CONFIG))
    for what, names, switch in CPP_CHANGES:
        row = next(line for line in section.splitlines() if line.startswith(f"| {what} |"))
        if names:
            points = round(sum(scores[n] for n in names), 2)
            assert f"| {points:g} |" in row, row
        assert switch in row
    for words in ("deque", "ValueError", "getBoard()", "lowest cell", "O started", "str(board)"):
        assert words in section, words


def test_points_and_limits_come_from_the_configuration(build):
    assert not current_or_stale(build), "the islands are stale: run `make handout`"
    try:
        import tomllib
    except ModuleNotFoundError:
        import tomli as tomllib
    with open(SHIPPED_CONFIG, "rb") as f:
        config = tomllib.load(f)
    text = read("handout.md")
    rows = {r[0]: r for caption, rows in tables(text) for r in rows}
    for part, points in config["points"].items():
        if part == "VI" and points == 0:        # the optional Part, off: said in words, not in the table
            assert "VI" not in rows and "Part VI, the optional extension, is not graded" in text
            continue
        assert float(rows[part][2]) == points
    limits = config["limits"]
    assert f"**{limits['timeout']:g} seconds**" in text and f"**{limits['slow_timeout']:g} seconds**" in text
    assert f"**{limits['memory_mib']:g} MiB**" in text


# ---------------------------------------------------------------- the HTML

@pytest.fixture(scope="module")
def rendered(build, tmp_path_factory):
    out = tmp_path_factory.mktemp("handout")
    build.render(str(out))
    return out


def figure_links(name):
    return re.findall(r"!\[[^\]]*\]\((figures/[^ )]+)", read(name))


@pytest.mark.parametrize("name", DOCUMENTS)
def test_html_is_self_contained(rendered, name):
    page = (rendered / name.replace(".md", ".html")).read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"<img\b|<link\b|<script\b|<iframe\b|<object\b|<embed\b", page)
    assert not re.search(r"""\bsrc\s*=|url\(|@import""", page), "the page would fetch something"
    assert not re.search(r"""href\s*=\s*["']?(?:https?:)?//[^"']*\.(?:css|svg|png|jpe?g|gif|js)""", page)
    assert page.count('<figure class="xo"') == len(figure_links(name))
    assert page.count("<svg ") == len(figure_links(name))


QUESTIONS = {
    "Are `True` and `1.0` players?": "may be refused or taken as O: either is accepted",
    "May my deque be two stacks": "Any other form you write by hand is accepted too",
    "Does the timing check punish a linked deque": "the limits leave room for its pauses",
    "Is a blank line after the last board": "blank lines after the last board (read them as the end of the input, "
                                            "or as more input, refused)",
    "Must the programs read `\\r\\n` line ends?": "`\\r\\n` line ends and spaces at the end of a line (read past "
                                                "them, or refuse them)",
    "Is Code Quest's count": "a count written `' 1'`, `'1 '`, `'+1'` or `'01'` (read it as the number, or refuse it)",
    "Do Coding Ninjas' ties compare": "Ties are on the ±1 score alone",
    "CodinGame: a full or won board": "its counts say it is not that player's turn, or the player to move already has "
                                      "three in a row) breaks two rules at once: write it back unchanged, or refuse it "
                                      "as bad input",
    "Which line does an error name when": "no one line is at fault: name any of the board's lines",
    # issue 41: what a fourth clean room still had to guess
    "Is `-1.0` a player?": "so may `-1.0`, which it counts equal to -1, be refused or taken as X",
    "Code Quest: may the count be `0`?": "a count of `0` (write nothing and end with exit status 0, or refuse it)",
    "Must the last line end with `\\n`?": "a last line with no `\\n` at its end (read it as a line, or refuse it)",
    "Which line does an error name for bytes": "bytes that are not UTF-8 text (refuse them, naming the line that holds "
                                               "them, any other line of the input, or none)",
    "Coding Ninjas: a list whose items": "a list holding an item that is not one character (`['XOX']`, `['XO', 'X']`) "
                                        "may be refused as bad input, or read as the row its items make when joined",
    "Does the grader call `main()`": "It never calls `main()` itself",
    "After a refused `makeMoves`": "the \"don't care\" entries, from index `numMoves` on, may hold anything afterwards",
    "Is the order of a board's children graded?": "the checks accept any",
    "May I put helpers in a fourth file?": "so keep your helper functions and classes in these files",
    "Does the kit check Part VI if I give it points?": "each Part VI check says it cannot run",
    # round ten's open questions (issue 41)
    "What if `n` is larger than the lists": "its `n` is always an int from 0 to the length of `play` and of `pos`",
    "If I take `1.0` as O": "is stored as the int it equals, 1 or -1, since `state` holds ints",
    "Do Part IV's checks use positions": "on every position they use, both rules choose the same move",
    "Does counting the total moves from the root": "the grader cannot tell the two counts apart, and both earn the "
                                                   "same points",
    "Does printing outside `show()` cost points?": "A check worth 0 points in this course costs nothing when it fails",
    "Coding Ninjas: may `board` or its rows be tuples?": "a tuple where it passes a list may be refused or read as "
                                                         "that list",
    # the sixth clean room (round thirteen, issue 41)
    "May `board[pos]` do anything": "The grader reads `board[pos]` only for a `pos` from 0 to 8",
    "May I remove the skeleton's `__slots__`": "The skeleton's `__slots__` may be kept, grown or removed",
    "Does `makeMoves` continue the game": "`makeMoves` continues the game from its board as it is",
    "May `XO(play, pos)` leave out `n`?": "The grader calls `XO()` with no arguments or with all three",
    "Is an int subclass other than `bool` a cell?": "an int subclass other than `bool` may be refused or taken as "
                                                    "the cell it equals",
    "May `makeOptimalMove()` put a new board in `b`?": "the grader reads `b` anew after every call",
    "May a two-stack deque move half a list over": "remove a longer slice in one statement (`del a[:k]`)",
    "Does the order of the children, or scoring": "give every first move the same score in whatever order its "
                                                  "finished games are met",
    "CodinGame: may the rows be lists of characters?": "rows of another kind (lists of characters, tuples) may be "
                                                       "refused or read as the strings they spell",
    "What should `winner()` say on a board no game reaches?": "what `winner()` or `gameOver()` answers on any other "
                                                              "board is yours to choose",
    "Does the grader see my search if it uses a subclass": "a push or pop that a subclass writes anew, without calling "
                                                           "the `Deque`'s, is not seen",
    "In what form must a program's error line name": "The grader looks for the line's number in that line",
    "How do I run the examples in my files' docstrings?": "Every `>>>` example in this handout is one: run "
                                                          "`python -m doctest -v handout.md`",
}
"""Each question of the handout's "Questions students ask", and the words of the answer in the passage it links to:
the questions of the third clean room (issue 27), of the fourth (issue 41) and of the fifth (round ten)."""


def sections(text):
    """Each heading's id (as the rendered page gives it) and the Markdown under it, up to the next heading."""
    import markdown
    found, heading, lines = {}, None, []
    for line in text.splitlines() + ["# end"]:
        if re.match(r"#{1,6} ", line):
            if heading is not None:
                found[heading] = "\n".join(lines)
            md = markdown.Markdown(extensions=["toc"])
            heading = re.search(r'id="([^"]+)"', md.convert(line)).group(1)
            lines = []
        else:
            lines.append(line)
    return found


def test_questions_students_ask_link_to_the_passages_that_answer_them(rendered):
    """One line per question, each linking to a heading of the page under which the handout says the answer."""
    text = read("handout.md")
    under = sections(text)
    page = (rendered / "handout.html").read_text(encoding="utf-8")
    asked = [line for line in under["questions-students-ask"].splitlines() if line.startswith("- ")]
    assert len(asked) == len(QUESTIONS)
    for question, answer in QUESTIONS.items():
        [line] = [line for line in asked if line.startswith(f"- **{question}")]
        [target] = re.findall(r"\]\(#([\w-]+)\)", line)
        assert f'id="{target}"' in page, (question, target)
        assert " ".join(answer.split()) in " ".join(under[target].split()), (question, target)


def test_build_renders_both_pages_from_the_command_line(tmp_path):
    result = subprocess.run([sys.executable, os.path.join(HANDOUT, "build.py"), "--html-only", "--out",
                             str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in DOCUMENTS:
        page = (tmp_path / name.replace(".md", ".html")).read_text(encoding="utf-8")
        assert page.count("<svg ") == len(figure_links(name)) and "</html>" in page


# ---------------------------------------------------------------- in a real browser


PROBE = """
<script>
window.__errors = [];
window.addEventListener('error', function (e) { window.__errors.push(String(e.message || e.type)); }, true);
window.addEventListener('load', function () {
  var figures = Array.prototype.map.call(document.querySelectorAll('figure.xo svg'), function (svg) {
    var r = svg.getBoundingClientRect();
    return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height,
            shapes: svg.querySelectorAll('path, circle, line, rect, text').length};
  });
  var images = Array.prototype.map.call(document.images, function (img) {
    return {src: img.src, ok: img.complete && img.naturalWidth > 0};
  });
  var report = {figures: figures, images: images, errors: window.__errors,
                resources: performance.getEntriesByType('resource').map(function (e) { return e.name; }),
                title: document.title, h1: (document.querySelector('h1') || {}).textContent};
  var pre = document.createElement('pre');
  pre.id = 'xo-probe';
  pre.textContent = JSON.stringify(report);
  document.body.appendChild(pre);
});
</script>
"""


def test_chromium_loads_the_handout_and_draws_its_figures(browser, rendered, tmp_path):
    page = rendered / "handout.html"
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"), encoding="utf-8")

    dom = run_chromium(["--virtual-time-budget=5000", "--dump-dom", probe.as_uri()], tmp_path, "dump-dom").stdout
    assert "<main>" in dom and "</html>" in dom, "chromium did not parse the page"
    found = re.search(r'<pre id="xo-probe">(.*?)</pre>', dom, re.S)
    assert found, "the page's load event never ran"
    report = json.loads(found.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
                        .replace("&amp;", "&"))
    figures = report["figures"]
    assert report["errors"] == [], report["errors"]
    assert report["resources"] == [], f"the page fetched something: {report['resources']}"
    assert all(image["ok"] for image in report["images"]), report["images"]
    assert report["h1"] == "Project 5: Tic Tac Toe AI"
    assert len(figures) == len(figure_links("handout.md")), "a figure is missing from the page"
    for k, box in enumerate(figures):
        assert box["width"] > 100 and box["height"] > 60, f"figure {k + 1} is not laid out: {box}"
        assert box["shapes"] > 10, f"figure {k + 1} is empty"

    shot = tmp_path / "handout.png"
    run_chromium([f"--screenshot={shot}", page.as_uri()], tmp_path, "screenshot")
    first = figures[0]
    bottom = int(first["y"] + first["height"]) + 2
    assert bottom < WINDOW[1], f"the first figure is below the screenshot: {first}"
    width, height, rows = decode_png(shot, max_rows=bottom + 1)
    assert (width, height) == WINDOW
    assert ink(rows, 0, 0, width, bottom) > 0.02, "the page is blank"
    box = [int(first["x"]), int(first["y"]), int(first["x"] + first["width"]), int(first["y"] + first["height"])]
    inside = ink(rows, *box)
    assert 0.03 < inside < 0.9, f"the first figure is blank or a solid block ({inside:.1%} inked): {box}"
    # the nine cell numbers of the indexing grid are dark ink
    dark = sum(1 for y in range(box[1], box[3]) for x in range(box[0], box[2])
               if max(rows[y][3 * x:3 * x + 3]) < 90)
    assert dark > 300, f"the indexing figure's numbers are not drawn ({dark} dark pixels)"
