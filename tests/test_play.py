"""``python -m grader play``: a person against the student's own AI, in the terminal.  Played through a pipe and
in tmux (as a person types), against the reference and against AIs that crash, hang or cheat; the student's
code runs in the real sandbox, and what goes wrong is told, never a traceback of the kit."""

import os
import re
import shutil
import subprocess
import sys
import time

import pytest

from grader.commands.play import Game

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
REFERENCE = os.path.join(TOP, "xo")
OPTIMAL = "        if self.gameOver():\n            return None\n        cell = best_cell(score_moves(self.b, PART_V))\n"
EVERY_CELL = "".join(f"{cell}\n" for cell in range(9))
"""What a person who always takes the lowest free cell types: a taken cell is refused, and the next line tried."""


def play(*arguments, submission=REFERENCE, typed=""):
    return subprocess.run([sys.executable, "-m", "grader", "play", submission, *arguments], cwd=TOP, input=typed,
                          capture_output=True, text=True, timeout=300)


def broken(tmp_path, name, body):
    """The reference with ``body`` run at the start of makeOptimalMove() on a game not over."""
    folder = tmp_path / name
    folder.mkdir()
    for module in ("board", "deque", "game"):
        shutil.copy(os.path.join(REFERENCE, f"{module}.py"), folder)
    game = folder / "game.py"
    source = game.read_text()
    assert OPTIMAL in source
    game.write_text(source.replace(OPTIMAL, OPTIMAL.replace("        cell =", body + "        cell =")))
    return str(folder)


class TestGame:
    """``grader.commands.play.Game``: the grader's own rules of the game played."""

    def test_the_fields_are_those_of_a_board_played_so(self):
        game = Game(first=1)
        for cell in (4, 0, 8):
            game.play(cell)
        assert game.fields() == {"state": [-1, 0, 0, 0, 1, 0, 0, 0, 1], "moves": [4, 0, 8, 0, 0, 0, 0, 0, 0],
                                 "turn": [1, -1, 1, 0, 0, 0, 0, 0, 0], "numMoves": 3}
        assert game.to_move == -1 and game.over() is None

    def test_a_line_wins_and_a_full_board_without_one_draws(self):
        won = Game(first=-1, cells=[0, 3, 1, 4, 2])
        assert won.over() == -1
        drawn = Game(first=-1, cells=[0, 1, 2, 4, 3, 5, 7, 6, 8])
        assert drawn.over() == 0


class TestThroughAPipe:
    """The CLI, its moves typed on standard input."""

    def test_a_whole_game_against_the_reference(self):
        done = play("--ai", "O", "--first", "X", typed=EVERY_CELL)
        assert done.returncode == 0, done.stderr
        out = done.stdout
        assert out.startswith("You are X, your AI is O; X moves first.")
        assert "0 | 1 | 2" in out and " X |   |   " in out                  # the board beside the cell key
        moves = re.findall(r"Your AI played (\d): its search popped ([\d,]+) boards in (\d+\.\d{3}) s\.", out)
        assert len(moves) >= 3 and all(int(popped.replace(",", "")) > 0 for _, popped, _ in moves)
        assert "Cell 0 is taken." in out or "Cell 1 is taken." in out
        # The handout's scoring is not minimax (its Part V notes): this person, who takes the lowest free cell,
        # beats it with 0, 2, 4, 6 while it plays 1, 3, 5
        assert [cell for cell, _, _ in moves] == ["1", "3", "5"]
        assert out.rstrip().endswith("X wins: you beat your AI."), out[-500:]
        assert not done.stderr

    def test_the_ai_moves_first_on_the_empty_board_and_searches_the_whole_tree(self):
        done = play("--ai", "X", "--first", "X", typed="q\n")
        assert done.returncode == 0, done.stderr
        assert "Your AI played 0: its search popped 549,946 boards" in done.stdout
        assert done.stdout.rstrip().endswith("Game stopped.")

    def test_the_ai_may_play_o_when_o_moves_first(self):
        done = play("--ai", "O", "--first", "O", typed="q\n")
        assert done.returncode == 0 and "You are X, your AI is O; O moves first." in done.stdout
        assert "Your AI (O) is thinking (it may take 180 s)" in done.stdout and "Your AI played 0" in done.stdout

    def test_what_is_not_a_free_cell_is_refused_and_asked_again(self):
        done = play(typed="x\n9\n4\n4\nq\n")
        assert "'x' is not a cell: type a number from 0 to 8" in done.stdout
        assert "'9' is not a cell" in done.stdout and "Cell 4 is taken." in done.stdout
        assert done.returncode == 0 and done.stdout.rstrip().endswith("Game stopped.")

    def test_the_end_of_the_input_stops_the_game(self):
        done = play(typed="")
        assert done.returncode == 0 and "(no more input: the game stops)" in done.stdout

    def test_a_crashing_ai_is_reported_with_its_own_traceback(self, tmp_path):
        done = play(submission=broken(tmp_path, "crash", "        raise RuntimeError('my search broke')\n"),
                    typed="4\n")
        assert done.returncode == 1
        assert "Your AI could not move: makeOptimalMove() raised RuntimeError: my search broke" in done.stdout
        assert 'File "game.py"' in done.stdout and "grader" not in done.stdout.split("could not move")[1]
        assert "Traceback" not in done.stderr

    def test_a_hanging_ai_is_stopped_at_its_time_limit(self, tmp_path):
        started = time.monotonic()
        done = play("--timeout", "1", submission=broken(tmp_path, "hang", "        while True:\n            pass\n"),
                    typed="4\n")
        assert done.returncode == 1 and time.monotonic() - started < 60
        assert "Your AI could not move: makeOptimalMove() did not finish within 1 s and was stopped" in done.stdout

    def test_a_move_to_a_taken_cell_is_refused(self, tmp_path):
        done = play(submission=broken(tmp_path, "cheat", "        return 4\n"), typed="4\n")
        assert done.returncode == 1
        assert "makeOptimalMove() returned 4, which is not an empty cell (0 to 8) of this board" in done.stdout

    def test_an_ai_that_does_not_import_is_reported(self, tmp_path):
        folder = broken(tmp_path, "typo", "")
        with open(os.path.join(folder, "game.py"), "a", encoding="utf-8") as f:
            f.write("\ndef broken(:\n    pass\n")
        done = play(submission=folder, typed="4\n")
        assert done.returncode == 1 and "Your AI could not move: importing game.py raised SyntaxError" in done.stdout

    def test_the_untouched_skeleton_says_what_raised(self, tmp_path):
        """Issue 40, item 8: on the starter's skeleton (every body NotImplementedError), the game says that setting
        the game up raised NotImplementedError, where, and that it is not written yet: what `make test` reports,
        never that the process ended with exit status 0 (os._exit)."""
        from ship.strip import strip
        folder = tmp_path / "skeleton"
        folder.mkdir()
        for module in ("board", "deque", "game"):
            with open(os.path.join(REFERENCE, f"{module}.py"), encoding="utf-8") as f:
                (folder / f"{module}.py").write_text(strip(f.read()), encoding="utf-8")
        done = play("--ai", "X", "--first", "X", submission=str(folder), typed="q\n")
        assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
        said = done.stdout.split("Your AI could not move: ", 1)[1]
        assert re.match(r"setting up the game for makeOptimalMove\(\) raised NotImplementedError: "
                        r"(XO|BoardXO)\.__init__ is yours to write \((game|board)\.py, line \d+\): it is not written "
                        r"yet", said), said
        assert "exit status" not in said and "os._exit" not in said and "\\_" not in said

    def test_a_missing_file_is_named_before_the_game(self, tmp_path):
        folder = broken(tmp_path, "nodeque", "")
        os.remove(os.path.join(folder, "deque.py"))
        done = play(submission=folder, typed="4\n")
        assert done.returncode == 2 and done.stdout == ""
        assert "cannot play without deque.py" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(not shutil.which("tmux"), reason="tmux is not installed: the game is not played in a terminal")
class TestInATerminal:
    """The game in tmux, its keys sent one by one as a person types them."""

    def test_a_person_plays_and_quits(self, tmp_path):
        session = f"xo-play-{os.getpid()}"
        command = f"cd {TOP} && {sys.executable} -m grader play xo --ai O --first X; echo EXITED $?; sleep 30"
        subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "60", command], check=True)
        try:
            def screen():
                return subprocess.run(["tmux", "capture-pane", "-p", "-t", session, "-S", "-200"],
                                      capture_output=True, text=True).stdout

            def wait_for(text):
                deadline = time.monotonic() + 60
                while text not in screen():
                    assert time.monotonic() < deadline, screen()
                    time.sleep(0.1)

            wait_for("or q to quit:")
            for key in "4":
                subprocess.run(["tmux", "send-keys", "-t", session, key], check=True)
            subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
            wait_for("Your AI played")
            subprocess.run(["tmux", "send-keys", "-t", session, "q", "Enter"], check=True)
            wait_for("EXITED")
            shown = screen()
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        assert "Your move (X): cell 0-8, or q to quit: 4" in shown          # the person's key, echoed
        assert re.search(r"Your AI played \d: its search popped [\d,]+ boards in \d+\.\d{3} s\.", shown)
        assert "Game stopped." in shown and "EXITED 0" in shown
        (tmp_path / "screen.txt").write_text(shown)

    def test_ctrl_c_stops_the_game_without_a_traceback(self):
        session = f"xo-play-c-{os.getpid()}"
        command = f"cd {TOP} && {sys.executable} -m grader play xo --ai X --first X; echo EXITED $?; sleep 30"
        subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "60", command], check=True)
        try:
            screen = lambda: subprocess.run(["tmux", "capture-pane", "-p", "-t", session, "-S", "-200"],  # noqa: E731
                                            capture_output=True, text=True).stdout
            deadline = time.monotonic() + 60
            while "or q to quit:" not in screen():          # the AI (X) has made its first move
                assert time.monotonic() < deadline, screen()
                time.sleep(0.1)
            subprocess.run(["tmux", "send-keys", "-t", session, "C-c"], check=True)
            while "EXITED" not in screen():
                assert time.monotonic() < deadline, screen()
                time.sleep(0.1)
            shown = screen()
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        assert "Game stopped." in shown and "EXITED 130" in shown and "Traceback" not in shown, shown
