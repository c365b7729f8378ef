"""Where numba keeps the package's compiled kernels, and when an entry is stale.

numba stores a kernel's machine code in an index file per function, stamped by what the
*locator* says about its source; a stamp that differs on load discards the entry.  By
default the stamp is a hash of the one file the function is in, so a kernel that inlined
code from another module would keep running stale machine code after that module changed.

``KernelLocator`` (installed through numba's ``NUMBA_CACHE_LOCATOR_CLASSES`` setting, for
the package's own kernels only) stamps a kernel by its module and every module of the
package that module imports, directly or not, each read as its syntax tree without
docstrings: an edit to a comment, a docstring, the CLI, a report or a test leaves every
kernel's entry valid; an edit to a kernel's module, or to a module it imports, recompiles
the kernels that depend on it.  numba itself keys each entry by the function's bytecode,
its argument types, numba's version and the CPU (name and features), so those need no
stamp here.

The entries live in ``$NUMBA_CACHE_DIR`` when it is set, else in
``$XDG_CACHE_HOME/analyzer/numba`` (``~/.cache/analyzer/numba``), one folder per source
folder (two checkouts of the package do not share entries).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
import sys
from pathlib import Path

from numba.core.caching import _CacheLocator

PACKAGE = __name__.split(".")[0]
ROOT = Path(__file__).resolve().parent
# numba's own locators, tried after ours (``numba.core.caching._CacheImpl`` resolves bare
# names in its module)
NUMBA_LOCATORS = ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator",
                  "IPythonCacheLocator", "ZipCacheLocator")
LOCATOR = f"{__name__}.KernelLocator"


def cache_root() -> str:
    """The folder holding the package's compiled kernels."""
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base:
        return base
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return os.path.join(home, PACKAGE, "numba")


def module_file(name: str) -> Path | None:
    """The source file of package module ``name`` (``analyzer.sim.rng``), or None."""
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        return None
    parts = name.split(".")[1:]
    base = ROOT.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _strip_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree


def _imports(tree: ast.AST, name: str, is_package: bool) -> set[str]:
    """The package modules ``name`` imports anywhere in its code (also inside functions:
    a conservative reading)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)   # submodules imported by name
    return {m for m in found if module_file(m) is not None}


@functools.lru_cache(maxsize=None)
def _module_info(name: str, mtime_ns: int, size: int) -> tuple[bytes, frozenset]:
    """(hash of the module's code without docstrings, the package modules it imports)."""
    path = module_file(name)
    tree = _strip_docstrings(ast.parse(path.read_bytes(), str(path)))
    digest = hashlib.sha256(ast.dump(tree).encode()).digest()
    return digest, frozenset(_imports(tree, name, path.name == "__init__.py"))


def _info(name: str) -> tuple[bytes, frozenset]:
    st = module_file(name).stat()
    return _module_info(name, st.st_mtime_ns, st.st_size)


def dependencies(name: str) -> list[str]:
    """``name`` and every package module it imports, directly or not, sorted."""
    seen = {name}
    todo = [name]
    while todo:
        for dep in _info(todo.pop())[1]:
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return sorted(seen)


def source_stamp(name: str) -> str:
    """The hash of module ``name``'s code and of every package module it depends on."""
    digest = hashlib.sha256()
    for dep in dependencies(name):
        digest.update(dep.encode())
        digest.update(_info(dep)[0])
    return digest.hexdigest()


class KernelLocator(_CacheLocator):
    """numba's cache locator for the package's kernels (``NUMBA_CACHE_LOCATOR_CLASSES``):
    the entries in ``cache_root()``, stamped by ``source_stamp`` of the kernel's module."""

    def __init__(self, py_func, py_file):
        self._module = py_func.__module__
        self._path = os.path.join(cache_root(), self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self):
        return self._path

    def get_source_stamp(self):
        return source_stamp(self._module)

    def get_disambiguator(self):
        # numba's default is the line number, which a docstring edit above would change;
        # qualnames are unique in our modules and numba adds the bytecode's hash to the key
        return "k"

    @classmethod
    def from_function(cls, py_func, py_file):
        if module_file(getattr(py_func, "__module__", "") or "") is None:
            return None          # not ours: numba's own locators
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()
        except OSError:
            return None          # not writable: numba's own locators decide
        return self


def install() -> None:
    """Put ``KernelLocator`` first among numba's cache locators, for this process and the
    processes it starts (the setting is read when numba is imported)."""
    current = os.environ.get("NUMBA_CACHE_LOCATOR_CLASSES", "")
    names = [n.strip() for n in current.split(",") if n.strip()] or list(NUMBA_LOCATORS)
    if LOCATOR not in names:
        names.insert(0, LOCATOR)
    value = ",".join(names)
    os.environ["NUMBA_CACHE_LOCATOR_CLASSES"] = value
    numba = sys.modules.get("numba")
    if numba is not None:        # imported before us: its settings were read already
        numba.config.CACHE_LOCATOR_CLASSES = value
