"""What mypyc asks of the code (docs/architecture.md, "What mypyc asks of the code"),
checked on every module of paiju.compiled.MODULES, so that a compiled build cannot break
what the sources run: each check also runs on a snippet that breaks it."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

from paiju.compiled import MODULES

SRC = Path(__file__).resolve().parents[2] / "src"


def _source(module: str) -> str:
    return (SRC / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")


def _decorated(cls: ast.ClassDef, text: str) -> bool:
    return any(text in ast.unparse(d) for d in cls.decorator_list)


def _classes(tree: ast.Module) -> dict[str, ast.ClassDef]:
    return {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}


def built_bare(sources: dict[str, str]) -> list[str]:
    """``X.__new__(X)`` or ``object.__new__(X)`` of a compiled class that is neither a
    dataclass nor ``native_class=False``: mypyc's native classes cannot be built bare."""
    classes: dict[str, ast.ClassDef] = {}
    for text in sources.values():
        classes.update(_classes(ast.parse(text)))
    out = []
    for module, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "__new__" and node.args
                    and isinstance(node.args[0], ast.Name)):
                cls = classes.get(node.args[0].id)
                if cls is not None and not (_decorated(cls, "dataclass")
                                            or _decorated(cls, "native_class=False")):
                    out.append(f"{module}:{node.lineno} builds {cls.name} bare")
    return out


def method_aliases(module: str, text: str) -> list[str]:
    """A class body's ``name = method``: mypyc does not compile such an alias."""
    out = []
    for cls in _classes(ast.parse(text)).values():
        methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
        for n in cls.body:
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name) \
                    and n.value.id in methods:
                out.append(f"{module}:{n.lineno} {cls.name} aliases {n.value.id}")
    return out


def _checking_only(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in ast.walk(node):
                if isinstance(sub, ast.ImportFrom | ast.Import):
                    names.update((a.asname or a.name).split(".")[0] for a in sub.names)
    return names


def _checked(node: ast.expr) -> set[str]:
    """The types a compiled attribute's value is checked against: the annotation's own,
    each side of a union, the outer type of a generic (``list`` of ``list[X]``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _checked(ast.parse(node.value, mode="eval").body)
    if isinstance(node, ast.BinOp):
        return _checked(node.left) | _checked(node.right)
    if isinstance(node, ast.Subscript):
        return _checked(node.value)
    return {node.id} if isinstance(node, ast.Name) else set()


def ghost_annotations(module: str, text: str) -> list[str]:
    """A compiled class's attribute annotated with a type imported only for type
    checking: the compiled module's import fails."""
    tree = ast.parse(text)
    ghosts = _checking_only(tree)
    out = []
    for cls in _classes(tree).values():
        for n in cls.body:
            if isinstance(n, ast.AnnAssign):
                for name in sorted(_checked(n.annotation) & ghosts):
                    out.append(f"{module}:{n.lineno} {cls.name} annotates with {name}")
    return out


def dict_copies(module: str, text: str) -> list[str]:
    """A class whose methods read or write ``__dict__`` must be ``native_class=False``:
    a native class has none."""
    out = []
    for cls in _classes(ast.parse(text)).values():
        uses = [n for n in ast.walk(cls) if isinstance(n, ast.Attribute)
                and n.attr == "__dict__"]
        if uses and not _decorated(cls, "native_class=False"):
            out.append(f"{module}:{uses[0].lineno} {cls.name} uses __dict__")
    return out


def test_the_compiled_modules_keep_mypycs_rules() -> None:
    sources = {m: _source(m) for m in MODULES}
    problems = built_bare(sources)
    for module, text in sources.items():
        problems += method_aliases(module, text) + ghost_annotations(module, text)
        problems += dict_copies(module, text)
    assert problems == []


BARE = """
class Plain:
    def __init__(self) -> None:
        self.x = 1

def copy(p: Plain) -> Plain:
    return Plain.__new__(Plain)
"""
ALIAS = """
class Plain:
    def go(self) -> None: ...
    run = go
"""
GHOST = """
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from paiju.daifugo.engine.view import DaifugoView

class Plain:
    seen: DaifugoView | None
    later: "DaifugoView"
    many: list[DaifugoView]
"""
DICT = """
class Plain:
    def clone(self) -> object:
        return dict(self.__dict__)
"""


@pytest.mark.parametrize(("check", "snippet", "said"), [
    (lambda t: built_bare({"m": t}), BARE, ["m:7 builds Plain bare"]),
    (lambda t: built_bare({"m": t.replace("class Plain", "@dataclass\nclass Plain")}), BARE, []),
    (lambda t: method_aliases("m", t), ALIAS, ["m:4 Plain aliases go"]),
    (lambda t: ghost_annotations("m", t), GHOST,
     ["m:7 Plain annotates with DaifugoView", "m:8 Plain annotates with DaifugoView"]),
    (lambda t: dict_copies("m", t), DICT, ["m:4 Plain uses __dict__"]),
])
def test_each_check_finds_what_breaks_it(check: Callable[[str], list[str]], snippet: str,
                                         said: list[str]) -> None:
    assert check(snippet) == said
