"""Where numba keeps the package's compiled kernels, and when an entry is stale.

numba stores a kernel's machine code in an index file per function, stamped by what the
*locator* says about its source; a stamp that differs on load discards the entry.  By
default the stamp is a hash of the one file the function is in, so a kernel that inlined
code from another module would keep running stale machine code after that module changed.

``KernelLocator`` (installed through numba's ``NUMBA_CACHE_LOCATOR_CLASSES`` setting, for
the package's own kernels and the kernels of the checkout's ``tests/``) stamps a kernel by its module and every package module
whose names its kernels read, directly or not (``dependencies``), each read as its
syntax tree without docstrings: an edit to a comment, a docstring, the CLI, a report or
a test leaves every kernel's entry valid; an edit to a kernel's module, or to a module
whose code it reads, recompiles the kernels that depend on it.  What each module reads
and each stamp are saved next to the kernels (``module-info.pickle``), so a warm run does
not parse the sources again.  numba itself keys each entry by the function's bytecode,
its argument types, numba's version and the CPU (name and features), so those need no
stamp here.  A test's kernel is stamped by its test file and ``source_stamp`` of every
package module the file imports (``file_stamp``): a test kernel that calls a package
decision is rebuilt when that decision changes, as it is on a clean clone.

The entries live in ``$NUMBA_CACHE_DIR`` when it is set, else in
``$XDG_CACHE_HOME/analyzer/numba`` (``~/.cache/analyzer/numba``), one folder per source
folder (two checkouts of the package do not share entries).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

from numba.core.caching import _CacheLocator

PACKAGE = __name__.split(".")[0]
ROOT = Path(__file__).resolve().parent
TESTS = ROOT.parent / "tests"          # a checkout's tests (absent from an installed package)
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


def _module_names(tree: ast.Module, name: str, is_package: bool, root: Path):
    """What the dependency walk needs of one module: ``source`` (local name -> (the
    package module it comes from, its name there, or None when it is that module
    itself)), ``bindings`` (local name -> the names its module-level definitions read)
    and ``kernel_reads`` (the names the module's kernels read)."""
    source = {}
    bindings = {}
    kernel_reads = set()

    def bind(n, node):
        bindings.setdefault(n, set()).update(_names(node))

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
                if module_file(sub, root) is not None:
                    source[a.asname or a.name] = (sub, None)
                elif module_file(target, root) is not None:
                    source[a.asname or a.name] = (target, a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if module_file(a.name, root) is not None:
                    local = a.asname or a.name.split(".")[0]
                    source[local] = (a.name if a.asname else a.name.split(".")[0], None)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bind(node.name, node)
            if _is_kernel(node):
                kernel_reads |= _names(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in _names(t):       # ``TABLE[i] = ...`` binds TABLE too
                    bind(n, node)
        else:
            # a loop or a call at import (``for c in DECK: PTS[...] = ...``) may fill any
            # value it names: it counts as binding each of them
            for n in _names(node):
                bind(n, node)
    return source, bindings, kernel_reads


_INFO = {}            # (name, sha256 of its bytes) -> (digest, _module_names); ("stamp", ...) -> source_stamp's
_INFO_LOADED = set()  # the cache folders whose saved module infos were read
_INFO_NEW = set()     # keys computed in this process, not yet saved
_INFO_USED = set()    # keys this process read or computed
MAX_INFOS = 4000      # saved entries at most: beyond, only those of this process are kept


def _infos_file() -> str:
    return os.path.join(cache_root(), "module-info.pickle")


def _load_infos():
    """The module infos saved by earlier processes (reading a module's syntax tree costs
    more than loading the kernels it stamps)."""
    path = _infos_file()
    if path in _INFO_LOADED:
        return
    _INFO_LOADED.add(path)
    try:
        with open(path, "rb") as f:
            saved = pickle.load(f)
        if isinstance(saved, dict):
            for key, value in saved.items():
                _INFO.setdefault(key, value)
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ValueError, TypeError):
        pass


def _save_infos():
    if not _INFO_NEW:
        return
    path = _infos_file()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        keep = _INFO if len(_INFO) <= MAX_INFOS else {k: _INFO[k] for k in _INFO_USED if k in _INFO}
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(keep, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        _INFO_NEW.clear()
    except OSError:
        pass


@functools.lru_cache(maxsize=None)
def _module_info(path: Path, name: str, mtime_ns: int, size: int):
    """(hash of the module's code without docstrings, ``_module_names``), from the saved
    infos when a module's bytes are the same, else from its syntax tree."""
    data = path.read_bytes()
    key = (name, hashlib.sha256(data).hexdigest())
    _load_infos()
    if key not in _INFO:
        tree = _strip_docstrings(ast.parse(data, str(path)))
        digest = hashlib.sha256(ast.dump(tree).encode()).digest()
        root = path.parents[len(name.split(".")) - (1 if path.name == "__init__.py" else 2)]
        _INFO[key] = (digest, _module_names(tree, name, path.name == "__init__.py", root))
        _INFO_NEW.add(key)
    _INFO_USED.add(key)
    return _INFO[key]


def _info(name: str, root: Path):
    path = module_file(name, root)
    st = path.stat()
    return _module_info(path, name, st.st_mtime_ns, st.st_size)


def dependencies(name: str, root: Path = ROOT) -> list[str]:
    """``name`` and every package module its kernels depend on, sorted: followed name by
    name from what the kernels read (a function they call, a table built at import and
    what builds it), across modules, to a fixed point.  Imports that only the modules'
    Python code uses (the runner, the answer's table) are not followed."""
    modules = {name}
    seen = set()
    todo = [(name, n) for n in _info(name, root)[1][2]]
    while todo:
        module, n = todo.pop()
        if (module, n) in seen:
            continue
        seen.add((module, n))
        source, bindings, kernel_reads = _info(module, root)[1]
        if n == "*":                      # a module used as a whole (``from . import rules``)
            todo.extend((module, m) for m in set(bindings) | kernel_reads | set(source))
            continue
        if n in source:
            target, attr = source[n]
            modules.add(target)
            todo.append((target, "*" if attr is None else attr))
        todo.extend((module, m) for m in bindings.get(n, ()))
    return sorted(modules)


def _unchanged(files) -> bool:
    try:
        return all((st.st_mtime_ns, st.st_size) == (m, z) for st, (_, m, z) in
                   ((os.stat(p), (p, m, z)) for p, m, z in files))
    except OSError:
        return False


def source_stamp(name: str, root: Path = ROOT) -> str:
    """The hash of module ``name``'s code and of every package module it depends on (in
    the package folder ``root``).  Saved with the module infos, with the size and time
    of each file it hashed, and used again while none of them changes."""
    key = ("stamp", name, str(root))
    _load_infos()
    memo = _INFO.get(key)
    if memo is not None and _unchanged(memo[1]):
        _INFO_USED.add(key)
        return memo[0]
    digest = hashlib.sha256()
    files = []
    for dep in dependencies(name, root):
        digest.update(dep.encode())
        digest.update(_info(dep, root)[0])
        path = module_file(dep, root)
        st = path.stat()
        files.append((str(path), st.st_mtime_ns, st.st_size))
    stamp = digest.hexdigest()
    _INFO[key] = (stamp, files)
    _INFO_NEW.add(key)
    _INFO_USED.add(key)
    _save_infos()
    return stamp


def _imported_modules(path: Path, root: Path = ROOT) -> list[str]:
    """The package modules a file imports (``from analyzer.x import y`` gives
    ``analyzer.x``, and ``analyzer.x.y`` when that is a module)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            found = [a.name for a in node.names]
        else:
            continue
        names.update(n for n in found if module_file(n, root) is not None)
    return sorted(names)


def file_stamp(path: Path, root: Path = ROOT) -> str:
    """The stamp of a kernel defined in test file ``path``: the file's bytes and
    ``source_stamp`` of each package module it imports (from the package folder ``root``)."""
    digest = hashlib.sha256(path.read_bytes())
    for name in _imported_modules(path, root):
        digest.update(name.encode())
        digest.update(source_stamp(name, root).encode())
    return digest.hexdigest()


def _in_tests(py_file) -> bool:
    try:
        return Path(py_file).resolve().parent == TESTS
    except (OSError, TypeError):
        return False


class KernelLocator(_CacheLocator):
    """numba's cache locator for the package's kernels (``NUMBA_CACHE_LOCATOR_CLASSES``):
    the entries in ``cache_root()``, stamped by ``source_stamp`` of the kernel's module."""

    def __init__(self, py_func, py_file):
        self._module = py_func.__module__
        self._test_file = Path(py_file).resolve() if _in_tests(py_file) else None
        self._path = os.path.join(cache_root(), self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self):
        return self._path

    def get_source_stamp(self):
        if self._test_file is not None:
            return file_stamp(self._test_file)
        return source_stamp(self._module)

    def get_disambiguator(self):
        # numba's default is the line number, which a docstring edit above would change;
        # qualnames are unique in our modules and numba adds the bytecode's hash to the key
        return "k"

    @classmethod
    def from_function(cls, py_func, py_file):
        if module_file(getattr(py_func, "__module__", "") or "") is None and not _in_tests(py_file):
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
