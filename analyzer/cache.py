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


def module_file(name: str, root: Path = ROOT) -> Path | None:
    """The source file of package module ``name`` (``analyzer.sim.rng``) in the package
    folder ``root``, or None."""
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        return None
    parts = name.split(".")[1:]
    base = Path(root).joinpath(*parts)
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


KERNEL_DECORATORS = ("njit", "jit", "overload", "intrinsic", "register_jitable", "vectorize", "guvectorize")


def _names(node: ast.AST) -> set[str]:
    """The global names an expression or statement reads."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _is_kernel(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef) and any(
        any(isinstance(n, (ast.Name, ast.Attribute)) and getattr(n, "id", getattr(n, "attr", "")) in KERNEL_DECORATORS
            for n in ast.walk(d)) for d in node.decorator_list)


def _top_statements(body):
    """Module-level statements, looking into ``if``/``try``/``with`` blocks."""
    for node in body:
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                for sub in getattr(node, field, []):
                    yield from _top_statements(sub.body if isinstance(sub, ast.ExceptHandler) else [sub])
        else:
            yield node


def _kernel_imports(tree: ast.Module, name: str, is_package: bool, root: Path) -> set[str]:
    """The package modules whose code can reach ``name``'s compiled kernels: those it
    imports a name from that a kernel reads, or that a module-level value a kernel reads
    is built from (a table computed at import), followed to a fixed point.  Imports used
    only by the module's Python code (the runner, the answer's table) are not followed."""
    source = {}                 # local name -> the package module it comes from
    bindings = {}               # local name -> module-level statements that bind it
    kernels = []
    for node in _top_statements(tree.body):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for a in node.names:
                sub = f"{target}.{a.name}"
                source[a.asname or a.name] = sub if module_file(sub, root) is not None else target
        elif isinstance(node, ast.Import):
            for a in node.names:
                source[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bindings.setdefault(node.name, []).append(node)
            if _is_kernel(node):
                kernels.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in _names(t):
                    bindings.setdefault(n, []).append(node)
    read = set()
    todo = [n for k in kernels for n in _names(k)]
    while todo:
        n = todo.pop()
        if n in read:
            continue
        read.add(n)
        for node in bindings.get(n, ()):
            todo.extend(_names(node) - read)
    return {source[n] for n in read if n in source and module_file(source[n], root) is not None}


@functools.lru_cache(maxsize=None)
def _module_info(path: Path, name: str, mtime_ns: int, size: int) -> tuple[bytes, frozenset]:
    """(hash of the module's code without docstrings, the package modules its kernels
    depend on: ``_kernel_imports``)."""
    tree = _strip_docstrings(ast.parse(path.read_bytes(), str(path)))
    digest = hashlib.sha256(ast.dump(tree).encode()).digest()
    root = path.parents[len(name.split(".")) - (1 if path.name == "__init__.py" else 2)]
    return digest, frozenset(_kernel_imports(tree, name, path.name == "__init__.py", root))


def _info(name: str, root: Path) -> tuple[bytes, frozenset]:
    path = module_file(name, root)
    st = path.stat()
    return _module_info(path, name, st.st_mtime_ns, st.st_size)


def dependencies(name: str, root: Path = ROOT) -> list[str]:
    """``name`` and every package module its kernels depend on, directly or not, sorted."""
    seen = {name}
    todo = [name]
    while todo:
        for dep in _info(todo.pop(), root)[1]:
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return sorted(seen)


def source_stamp(name: str, root: Path = ROOT) -> str:
    """The hash of module ``name``'s code and of every package module it depends on (in
    the package folder ``root``)."""
    digest = hashlib.sha256()
    for dep in dependencies(name, root):
        digest.update(dep.encode())
        digest.update(_info(dep, root)[0])
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
