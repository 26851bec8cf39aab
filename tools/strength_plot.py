"""Strength against training rounds and against seconds per decision, for each game.

Two steps, as docs/strength.md, "Strength by training and by time", ran them:

    nice -n 19 python tools/strength_plot.py run docs/notes/strength-plot
    python tools/strength_plot.py plot docs/notes/strength-plot \\
        --log lukfu=docs/notes/strength-plot/train-lukfu.log --out docs/strength-plot.png

``run`` plays each player of :data:`PLAYERS` through ``paiju simulate --json``, one
process: a *strength* run, one seat of the player against the rule-based player in every
other seat, in duplicate deals (Luk Fu) or sessions (Dai Fugō), and a *timing* run, the
player in every seat, whose seconds over decisions are its seconds per decision (the
engine's own work included). Each run is a JSON file in the folder; a file already there
is kept, so a stopped ``run`` goes on where it stood. ``plot`` (matplotlib, the ``train``
extra) reads those files and, for the strength against training rounds, the log of
``paiju train`` that each shipped policy carries (``made_by.log`` in
``paiju/bots/weights/GAME.json``), or ``--log GAME=FILE`` (a ``--log`` file of ``paiju
train``). Strength is the margin over ``heuristic`` in points a hand, with its 95%
interval over the groups; ``heuristic`` itself is the zero line.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HALVING = "root=halving:tree=root:rollout=heuristic:reward=place"


@dataclass(frozen=True)
class Table:
    """Where a game's players are measured."""

    game: str
    rules: str
    players: int
    hands_per_session: int
    timing_hands: int  # of a search's timing run
    quick_timing_hands: int  # of ``heuristic``'s and ``learned``'s


TABLES = {
    "lukfu": Table("lukfu", "gloucester", 3, 1, 12, 300),
    "daifugo": Table("daifugo", "uecda", 5, 5, 5, 50),
}

#: Per game: (label, spec, hands of the strength run; 0 for none, as for ``heuristic``).
PLAYERS: dict[str, list[tuple[str, str, int]]] = {
    "lukfu": [
        ("heuristic", "heuristic", 0),
        ("learned", "learned", 2000),
        *[(f"ismcts {n}", f"ismcts:iters={n}", 600) for n in (30, 100, 300)],
        *[(f"ismcts {n} prior=learned", f"ismcts:iters={n}:prior=learned", 600)
          for n in (30, 100, 300)],
    ],
    "daifugo": [
        ("heuristic", "heuristic", 0),
        ("learned", "learned", 2000),
        *[(f"halving {n}{name}", f"ismcts:iters={n}:{HALVING}:prior={prior}", hands)
          for n, hands in ((16, 400), (32, 200))
          for name, prior in (("", "heuristic"), (" prior=learned", "learned"))],
    ],
}

GAME_NAMES = {"lukfu": "Luk Fu", "daifugo": "Dai Fugō"}


def simulate_args(table: Table, bots: list[str], hands: int, duplicate: bool) -> list[str]:
    """The arguments of ``paiju simulate`` for one run (seed 2024)."""
    return ["simulate", table.game, "--rules", table.rules, "--players", str(table.players),
            "--bots", ",".join(bots), "--hands", str(hands), "--hands-per-session",
            str(table.hands_per_session), "--seed", "2024",
            "--duplicate" if duplicate else "--no-duplicate", "--json"]


def runs(game: str) -> list[tuple[str, list[str]]]:
    """Each run of a game: its file name and its ``paiju simulate`` arguments."""
    table, out = TABLES[game], []
    for label, spec, hands in PLAYERS[game]:
        key = label.replace(" ", "-").replace("=", "-")
        if hands:
            out.append((f"{game}-{key}-strength.json",
                        simulate_args(table, [spec, "heuristic"], hands, True)))
        quick = spec in ("heuristic", "learned")
        out.append((f"{game}-{key}-timing.json",
                    simulate_args(table, [spec], table.quick_timing_hands if quick
                                  else table.timing_hands, False)))
    return out


def paiju_command() -> list[str]:
    """The ``paiju`` command beside this interpreter."""
    script = Path(sys.executable).with_name("paiju")
    return [str(script)] if script.exists() else ["paiju"]


def run(folder: Path) -> None:
    """Play every run whose file is not in ``folder`` yet."""
    folder.mkdir(parents=True, exist_ok=True)
    for game in TABLES:
        for name, args in runs(game):
            path = folder / name
            if path.exists():
                continue
            print("paiju " + " ".join(args), flush=True)
            done = subprocess.run(paiju_command() + args, capture_output=True, text=True,
                                  check=True)
            tmp = path.with_suffix(".part")
            tmp.write_text(done.stdout)
            tmp.rename(path)


def margin(result: dict[str, Any]) -> tuple[float, float, float]:
    """A strength run's margin over ``heuristic``: mean, low, high."""
    (m,) = [m for m in result["margins"] if m["over"] == "heuristic"]
    p = m["points_per_hand"]
    return p["mean"], p["low"], p["high"]


def speed_points(folder: Path, game: str) -> list[tuple[str, float, tuple[float, float, float]]]:
    """Each player of a game: label, seconds per decision, margin (0 for ``heuristic``)."""
    points = []
    for label, _, hands in PLAYERS[game]:
        key = label.replace(" ", "-").replace("=", "-")
        timing = folder / f"{game}-{key}-timing.json"
        strength = folder / f"{game}-{key}-strength.json"
        if not timing.exists() or (hands and not strength.exists()):
            continue
        t = json.loads(timing.read_text())
        m = margin(json.loads(strength.read_text())) if hands else (0.0, 0.0, 0.0)
        points.append((label, t["seconds"] / t["decisions"], m))
    return points


def families(points: list[tuple[str, float, tuple[float, float, float]]]
             ) -> list[tuple[str, str, list[tuple[str, float, tuple[float, float, float]]]]]:
    """The points by player family (a search with or without the learned prior, each
    line in order of its budget), with a colour each."""
    groups: dict[str, list[tuple[str, float, tuple[float, float, float]]]] = {}
    for point in points:
        label = point[0]
        family = (label if " " not in label
                  else label.split(" ")[0] + (" prior=learned" if "prior=learned" in label
                                              else ""))
        groups.setdefault(family, []).append(point)
    colours = {"heuristic": "tab:grey", "learned": "tab:green"}
    return [(name, colours.get(name, "tab:orange" if "prior=learned" in name else "tab:blue"),
             sorted(group, key=lambda p: p[1])) for name, group in groups.items()]


def training_log(game: str, log: Path | None) -> list[dict[str, Any]]:
    """The rounds of a training run: a ``paiju train --log`` file, or the shipped policy's."""
    if log is not None:
        return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    weights = Path(__file__).resolve().parents[1] / "src/paiju/bots/weights" / f"{game}.json"
    rounds: list[dict[str, Any]] = json.loads(weights.read_text())["made_by"]["log"]
    return rounds


def plot(folder: Path, out: Path, logs: dict[str, Path]) -> None:
    """Draw the figure: a row a game, rounds on the left, seconds per decision on the right."""
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    plt = importlib.import_module("matplotlib.pyplot")
    fig, axes = plt.subplots(len(TABLES), 2, figsize=(12, 4.6 * len(TABLES)))
    for row, game in enumerate(TABLES):
        left, right = axes[row]
        rounds = training_log(game, logs.get(game))
        tables = [s["table"] for s in rounds[0]["strength"]]
        for i, name in enumerate(tables):
            xs = [r["round"] + 0.06 * (i - 1) for r in rounds]
            ys = [r["strength"][i]["margin"] for r in rounds]
            lo = [r["strength"][i]["margin"] - r["strength"][i]["low"] for r in rounds]
            hi = [r["strength"][i]["high"] - r["strength"][i]["margin"] for r in rounds]
            hands = rounds[0]["strength"][i]["hands"]
            left.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3,
                          label=f"{name.replace(':', ', ')} players ({hands} hands)")
        left.axhline(0.0, color="grey", linestyle="--", linewidth=1, label="heuristic")
        left.set_xticks([r["round"] for r in rounds])
        left.set_xlim(0.5, len(rounds) + 0.5)
        left.set_xlabel("training round (expert iteration)")
        left.set_ylabel("learned − heuristic, points a hand (95%)")
        source = ("a run for this plot" if game in logs
                  else "the shipped policy's run")
        left.set_title(f"{GAME_NAMES[game]}: learned by training round, {source}")
        left.legend(fontsize=8)
        table = TABLES[game]
        for family, colour, points in families(speed_points(folder, game)):
            xs = [seconds for _, seconds, _ in points]
            ys = [m[0] for _, _, m in points]
            yerr = [[m[0] - m[1] for _, _, m in points], [m[2] - m[0] for _, _, m in points]]
            right.errorbar(xs, ys, yerr=yerr, marker="o", capsize=3, color=colour, label=family)
            for label, seconds, (mean, _, _) in points:
                right.annotate(label.split(" ")[1] if " " in label else label, (seconds, mean),
                               textcoords="offset points", xytext=(5, 4), fontsize=8)
        right.legend(fontsize=8, title="iterations a decision by each point", title_fontsize=8)
        right.axhline(0.0, color="grey", linestyle="--", linewidth=1)
        right.set_xscale("log")
        right.set_xlabel("seconds per decision (log scale)")
        right.set_ylabel("margin over heuristic, points a hand (95%)")
        right.set_title(f"{GAME_NAMES[game]} {table.rules}, {table.players} players: "
                        "one seat against heuristic")
    fig.tight_layout()
    fig.savefig(out, dpi=90)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    sub.add_parser("run").add_argument("folder", type=Path)
    p = sub.add_parser("plot")
    p.add_argument("folder", type=Path)
    p.add_argument("--out", type=Path, default=Path("docs/strength-plot.png"))
    p.add_argument("--log", action="append", default=[], metavar="GAME=FILE")
    args = parser.parse_args()
    if args.step == "run":
        run(args.folder)
    else:
        logs = {g: Path(f) for g, f in (s.split("=", 1) for s in args.log)}
        plot(args.folder, args.out, logs)


if __name__ == "__main__":
    main()
