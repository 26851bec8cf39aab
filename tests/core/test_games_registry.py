"""Games outside paiju's package reach the registry by ``PAIJU_GAMES`` (or an installed
package's ``paiju.games`` entry point), so a server or a command line started in another
process knows them too."""

import os
import subprocess
import sys
from pathlib import Path

TINY = Path(__file__).resolve().parent.parent / "bots"


def _run(code: str, games: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PAIJU_GAMES": games, "PYTHONPATH": str(TINY)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60)


def test_a_game_named_in_the_environment_is_found_in_a_new_process() -> None:
    done = _run("from paiju.core.games import GAMES, get_game\n"
                "print(list(GAMES), get_game('TINY').name)", "tiny=tinygame")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["['lukfu',", "'daifugo',", "'tiny']", "tiny"]


def test_a_pair_without_a_module_is_refused_by_name() -> None:
    done = _run("import paiju.core.games", "tiny")
    assert done.returncode != 0
    assert "PAIJU_GAMES takes name=module pairs, not 'tiny'" in done.stderr


def test_paijus_own_games_stay_beside_one_the_environment_names() -> None:
    done = _run("from paiju.core.games import GAMES\nprint(GAMES['lukfu'])", "tiny=tinygame")
    assert done.stdout.strip() == "paiju.lukfu.game"
