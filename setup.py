"""paiju's build: the package as pyproject.toml declares it, with the engines compiled by
mypyc where the machine can (src/paiju/compiled.py says which modules, and why).

``PAIJU_COMPILE=0 pip install …`` installs without compiling. Where mypyc or a C
compiler is missing, or the build fails, paiju installs without the compiled modules
and runs its pure-Python engines, only slower.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "src" / "paiju"


def _plan() -> Any:
    """src/paiju/compiled.py, read without importing paiju."""
    spec = importlib.util.spec_from_file_location("_paiju_compiled", PACKAGE / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _say(text: str) -> None:
    print(f"paiju: {text}", file=sys.stderr)


def _extensions() -> list[Any]:
    if os.environ.get("PAIJU_COMPILE", "1").strip() == "0":
        _say("PAIJU_COMPILE=0: the engines stay pure Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as err:
        _say(f"mypyc is missing ({err}): the engines stay pure Python")
        return []
    plan = _plan()
    paths = [str(plan.source_of(m, PACKAGE).relative_to(HERE)) for m in plan.MODULES]
    try:
        # the modules imported beside them are type-checked, not compiled: click, which
        # they import, is a build requirement (pyproject.toml) so that its types are
        # the ones `make typecheck` sees; a library missing here would read as Any
        exts = mypycify(["--ignore-missing-imports", *paths], opt_level="3",
                        group_name=plan.GROUP)
    except (Exception, SystemExit) as err:
        _say(f"mypyc could not compile the engines ({err}): they stay pure Python")
        return []
    for ext in exts:
        ext.optional = True  # a compiler error installs paiju without it
    return exts


class BuildExt(build_ext):
    """Builds the compiled engines and records the sources they were built from."""

    def run(self) -> None:
        if self.inplace:
            _forget_build()  # a module no longer compiled must not keep its old build
        try:
            super().run()
        except Exception as err:  # no compiler, no Python headers
            _say(f"the engines could not be compiled ({err}): they stay pure Python")
            return
        stamp = json.dumps(_plan().stamp(PACKAGE), indent=1, sort_keys=True) + "\n"
        targets = [PACKAGE] if self.inplace else []
        targets.append(Path(self.build_lib) / "paiju")
        for target in targets:
            if target.is_dir():
                (target / "_compiled.json").write_text(stamp)


def _forget_build() -> None:
    """Remove an earlier in-place build (``pip install -e .``) that this one does not
    replace, so that the sources, not stale compiled modules, serve."""
    plan = _plan()
    for built in PACKAGE.rglob("*.so"):
        built.unlink()
    for built in PACKAGE.parent.glob(plan.GROUP + "__mypyc.*.so"):
        built.unlink()
    (PACKAGE / "_compiled.json").unlink(missing_ok=True)


EXTENSIONS = _extensions()
if not EXTENSIONS:
    _forget_build()
setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildExt})
