#!/usr/bin/env python3
"""Record GNU Go self-play games as TOML reference records, then check them.

    python3 record.py            # regenerate every game in GAMES, then check all
    python3 record.py --check    # only check the *.toml files already here

Needs GNU Go 3.8 (Debian: `apt-get install gnugo`, installs /usr/games/gnugo).
Standard library only (Python 3.11+ for tomllib).
"""
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
MOVE_CAP = 600
COLS = "ABCDEFGHJKLMNOPQRST"  # GTP columns: no I

# (file stem, board size, komi, fixed handicap, --level, --seed)
GAMES = [
    ("9x9-seed1", 9, 7.0, 0, 10, 1),
    ("9x9-seed2", 9, 7.0, 0, 10, 2),
    ("9x9-seed3", 9, 7.0, 0, 10, 3),
    ("9x9-seed4", 9, 7.0, 0, 10, 4),
    ("19x19-seed1", 19, 7.5, 0, 1, 1),
    ("19x19-seed2", 19, 7.5, 0, 1, 2),
    ("19x19-h4-seed1", 19, 0.5, 4, 1, 1),
]


class GTP:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __call__(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"gnugo exited during {cmd!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        reply = "\n".join(lines)
        if not reply.startswith("="):
            raise RuntimeError(f"{cmd!r} failed: {reply}")
        return reply[1:].strip()

    def close(self):
        self("quit")
        self.p.wait()


def num(x):
    return f"{x:g}"  # 7.0 -> "7", 7.5 -> "7.5"


def record(stem, size, komi, handicap, level, seed):
    exe = shutil.which("gnugo") or "/usr/games/gnugo"
    flags = ["--mode", "gtp", "--chinese-rules", "--boardsize", str(size),
             "--komi", num(komi), "--level", str(level), "--seed", str(seed)]
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    gtp = GTP([exe] + flags)
    gtp(f"boardsize {size}")
    gtp(f"komi {num(komi)}")
    gtp("clear_board")
    stones = gtp(f"fixed_handicap {handicap}").upper().split() if handicap else []
    colour = "white" if handicap else "black"
    moves = []
    while moves[-2:] != ["pass", "pass"]:
        if len(moves) >= MOVE_CAP:
            raise RuntimeError(f"{stem}: move cap {MOVE_CAP} reached")
        mv = gtp(f"genmove {colour}").upper()
        if mv == "RESIGN":
            raise RuntimeError(f"{stem}: {colour} resigned after {len(moves)} moves")
        moves.append("pass" if mv == "PASS" else mv)
        colour = "white" if colour == "black" else "black"
    dead = sorted(gtp("final_status_list dead").upper().split(), key=lambda v: (v[0], int(v[1:])))
    score = gtp("final_score")
    gtp.close()
    q = lambda xs: "[" + ", ".join(f'"{x}"' for x in xs) + "]"
    text = (
        "# Recorded by record.py from GNU Go self-play; see README.md in this folder.\n"
        f'source = "{version}: gnugo {" ".join(flags)}"\n'
        f"size = {size}\nkomi = {komi!r}\n"
        f"handicap = {handicap}            # number of fixed_handicap stones (0 = none)\n"
        f"handicap-stones = {q(stones)}    # the vertices fixed_handicap returned\n"
        'moves = """\n' + "\n".join(moves) + '\n"""\n'
        f"dead = {q(dead)}     # every stone GNU Go's final_status_list dead listed\n"
        f'final-score = "{score}"   # GNU Go\'s final_score answer exactly as printed\n'
    )
    (HERE / f"{stem}.toml").write_text(text)


# ---------------------------------------------------------------- checking

def parse(v, size):
    return size - int(v[1:]), COLS.index(v[0])  # (row from top, column)


def neighbours(p, size):
    r, c = p
    for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def group(board, p, size):
    """The chain at p and its liberties."""
    chain, libs, todo = {p}, set(), [p]
    while todo:
        for q in neighbours(todo.pop(), size):
            if board.get(q) is None:
                libs.add(q)
            elif board[q] == board[p] and q not in chain:
                chain.add(q)
                todo.append(q)
    return chain, libs


def check(path):
    g = tomllib.loads(path.read_text())
    size, komi = g["size"], g["komi"]
    board = {parse(v, size): "B" for v in g["handicap-stones"]}
    colour = "W" if g["handicap"] else "B"
    seen, repeats, captured = {frozenset(board.items())}, [], 0
    moves = g["moves"].split()
    for i, mv in enumerate(moves, 1):
        if mv != "pass":
            p = parse(mv, size)
            assert p not in board, f"move {i} {mv}: point occupied"
            board[p] = colour
            for q in neighbours(p, size):
                if board.get(q) not in (None, colour):
                    chain, libs = group(board, q, size)
                    if not libs:
                        captured += len(chain)
                        for s in chain:
                            del board[s]
            if not group(board, p, size)[1]:
                raise AssertionError(f"move {i} {mv}: suicide")
            pos = frozenset(board.items())
            if pos in seen:
                repeats.append(f"{i}:{mv}")
            seen.add(pos)
        colour = "W" if colour == "B" else "B"
    for v in g["dead"]:
        del board[parse(v, size)]
    area = {"B": 0, "W": 0, "dame": 0}
    for s in board.values():
        area[s] += 1
    done = set()
    for r in range(size):
        for c in range(size):
            if (r, c) in board or (r, c) in done:
                continue
            region, reach, todo = {(r, c)}, set(), [(r, c)]
            while todo:
                for q in neighbours(todo.pop(), size):
                    if q in board:
                        reach.add(board[q])
                    elif q not in region:
                        region.add(q)
                        todo.append(q)
            done |= region
            area[reach.pop() if len(reach) == 1 else "dame"] += len(region)
    fmt = lambda d: "0" if d == 0 else f"B+{d:.1f}" if d > 0 else f"W+{-d:.1f}"
    mine = fmt(area["B"] - area["W"] - komi)
    # GNU Go's Chinese-rules score also gives White one point per handicap stone.
    agree = "yes" if mine == g["final-score"] else "NO"
    if agree == "NO" and fmt(area["B"] - area["W"] - komi - g["handicap"]) == g["final-score"]:
        agree += f" (yes with W +{g['handicap']} handicap compensation)"
    return {"game": path.stem, "moves": len(moves), "captured": captured, "dead": len(g["dead"]),
            "gnugo": g["final-score"], "mine": mine, "agree": agree,
            "repetition": ", ".join(repeats) or "none",
            "area": f"B {area['B']} / W {area['W']} / dame {area['dame']}"}


def main():
    if "--check" not in sys.argv:
        for game in GAMES:
            t = time.time()
            record(*game)
            print(f"recorded {game[0]} in {time.time() - t:.1f}s", file=sys.stderr)
    rows = [check(p) for p in sorted(HERE.glob("*.toml"))]
    cols = ["game", "moves", "captured", "dead", "gnugo", "mine", "agree", "repetition", "area"]
    print("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols))
    for r in rows:
        print("| " + " | ".join(str(r[c]) for c in cols) + " |")


if __name__ == "__main__":
    main()
