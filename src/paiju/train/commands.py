"""``paiju train GAME``: the learned player's weights, from a teacher's choices.

Needs NumPy (``pip install -e '.[train]'``); playing the weights does not.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import click

from paiju.core.params import SEED, game_argument, one_line
from paiju.sim.runner import Progress

#: The tables a run plays when not told, per game: every preset, at its usual count.
DEFAULT_TABLES = {
    "lukfu": ("hongkong:4", "gloucester:3", "sung:4"),
    "daifugo": ("pagat:4", "uecda:5", "popular:4"),
}


def commit() -> str:
    """The source's commit (``git describe --always --dirty``), or ``unknown``."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True,
                             text=True, timeout=10, cwd=Path(__file__).parent, check=False)
    except OSError:
        return "unknown"
    return out.stdout.strip() or "unknown"


@click.command("train")
@game_argument()
@click.option("--table", "tables", multiple=True, metavar="PRESET:N",
              help="A table to play, its preset and players (repeat for several). "
                   "Default: every preset (lukfu hongkong:4 gloucester:3 sung:4; "
                   "daifugo pagat:4 uecda:5 popular:4).")
@click.option("--rounds", type=click.IntRange(1), default=2, show_default=True,
              help="Rounds of expert iteration: round 1's hands are played by the "
                   "rule-based player, each later round's by the policy so far.")
@click.option("--hands", type=click.IntRange(1), default=200, show_default=True,
              help="Hands played in each round (in sessions of 5).")
@click.option("--teacher", default="heuristic", show_default=True, metavar="SPEC",
              help="The player whose choices are learned, e.g. ismcts:iters=300; a "
                   "search with prior=learned or rollout=learned is guided by the policy "
                   "of the last round (by the rule-based player in round 1).")
@click.option("--rate", type=click.FloatRange(0, 1, min_open=True), default=1.0,
              show_default=True, help="The share of decisions the teacher labels.")
@click.option("--steps", type=click.IntRange(1), default=300, show_default=True,
              help="Adam steps of each round's fit.")
@click.option("--lr", type=click.FloatRange(0, min_open=True), default=0.05,
              show_default=True, help="Adam's step size.")
@click.option("--l2", type=click.FloatRange(0), default=1e-4, show_default=True,
              help="The L2 penalty on the weights.")
@click.option("--eval-hands", type=click.IntRange(0), default=0, show_default=True,
              help="Duplicate hands against the rule-based player after each round, per "
                   "table (0: none).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="The run's seed.")
@click.option("--checkpoint", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The checkpoint: a run goes on from it when it exists. "
                   "Default: train-GAME.npz.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="JSON lines of each round's loss and strength are appended "
                                 "here. Default: train-GAME.log.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The weights file written at the end. Default: learned-GAME.json.")
def train_cmd(game: str, tables: tuple[str, ...], rounds: int, hands: int, teacher: str,
              rate: float, steps: int, lr: float, l2: float, eval_hands: int, seed: int,
              checkpoint: Path | None, log_path: Path | None, out: Path | None) -> None:
    """Train the learned player of GAME by imitating a teacher on self-play positions.

    Every position is read from the deciding seat's view alone. The weights are written
    as JSON that `--bots learned:weights=FILE` plays (docs/learned.md).
    """
    try:
        from paiju.train.data import parse_table
        from paiju.train.loop import SESSION, TrainConfig, run
    except ImportError as err:
        raise click.ClickException(
            f"paiju train needs NumPy ({err}): pip install -e '.[train]'") from None
    from paiju.bots.base import make_bot

    try:
        parsed = tuple(parse_table(t) for t in tables or DEFAULT_TABLES.get(game, ()))
        make_bot(teacher, game)
    except ValueError as err:
        raise click.BadParameter(one_line(str(err))) from None
    if not parsed:
        raise click.UsageError(f"name a table to play with --table PRESET:N for {game}")
    command = "paiju train " + " ".join(shlex.quote(a) for a in sys.argv[2:])
    config = TrainConfig(game, parsed, rounds, hands, teacher, rate, steps, lr, l2,
                         eval_hands, seed, command=command)
    checkpoint = checkpoint or Path(f"train-{game}.npz")
    log_path = log_path or Path(f"train-{game}.log")
    out = out or Path(f"learned-{game}.json")
    per_round = -(-hands // SESSION) * SESSION
    bar = Progress(rounds * per_round, unit="hands", label=f"train {game}")

    def report(line: str) -> None:
        with log_path.open("a", encoding="utf-8") as f:
            f.write(line + "\n")
        bar.log(line)

    try:
        policy = run(config, checkpoint, report, bar.advance)
    except ValueError as err:
        bar.close()
        raise click.ClickException(one_line(str(err))) from None
    bar.close()
    made_by = dict(policy.made_by)
    made_by["commit"] = commit()
    data = policy.to_json() | {"made_by": made_by}
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    click.echo(f"wrote {out}: {len(policy.weights)} weights ({policy.version})")
