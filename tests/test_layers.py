"""The grader's layout is its architecture: one folder per layer, every import pointing down (README, "How the
grader is built").  Read from the sources alone, imports inside functions included: no import circle among the
kit's modules, no folder of grader/ importing one above it, no module of grader/ over 450 lines, and an import
inside a function only with a comment saying why it is there."""

import ast
import os

import pytest

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("grader", "xo", "ship", "handout")
"""The kit's own modules (``bench/`` holds scripts, ``tests/`` the tests and corpora)."""

LAYERS = ("grader", "text", "sandbox", "submission", "settings", "game", "observing", "checks", "grading", "render",
          "ta", "commands")
"""grader/'s folders from the bottom up (``grader`` itself: ``grader/__init__.py``'s facts and ``__main__``): a
module may import modules of its own folder and of the folders before its own, never after."""

LONGEST = 450
"""Lines a module of grader/ may hold."""

pytestmark = pytest.mark.quick


def modules(top=TOP):
    """Every module of the kit: dotted name → (path, is a package's ``__init__``)."""
    found = {}
    for package in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(top, package)):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "templates", "fixtures", "schema"))
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                path = os.path.join(folder, name)
                parts = os.path.relpath(path, top)[:-3].split(os.sep)
                init = parts[-1] == "__init__"
                found[".".join(parts[:-1] if init else parts)] = (path, init)
    return found


def imports(name, path, init, known):
    """(line, imported module, inside a function, the line's text) of every import of a kit module in ``path``:
    ``from a import b`` counts as an import of ``a.b`` when that is a module, else of ``a``."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines()
    found = []

    def resolve(node):
        if not node.level:
            return node.module
        base = name.split(".") if init else name.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    def visit(node, inside):
        for child in ast.iter_child_nodes(node):
            deeper = inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            targets = []
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                source = resolve(child)
                targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                           for alias in child.names]
            for target in targets:
                while target and target not in known:        # ``import grader.x.y``: the module it names
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.append((child.lineno, target, inside, lines[child.lineno - 1]))
            visit(child, deeper)
    visit(ast.parse(text), False)
    return found


def graph(top=TOP):
    known = modules(top)
    return {name: imports(name, path, init, known) for name, (path, init) in known.items()}, known


def circles(edges):
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(edges.get(child, ()))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def layer(name):
    """The layer of a module of grader/ (an index of ``LAYERS``), or None outside grader/."""
    parts = name.split(".")
    if parts[0] != "grader":
        return None
    if name == "grader.__main__":            # ``python -m grader``: the command line's entry point
        return LAYERS.index("commands")
    return LAYERS.index(parts[1]) if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else 0


def test_no_module_of_the_kit_is_in_an_import_circle():
    found, _ = graph()
    edges = {name: {target for _, target, _, _ in targets} for name, targets in found.items()}
    found = circles(edges)
    assert not found, ("modules that import one another, however indirectly: "
                       + "; ".join("{" + ", ".join(c) + "}" for c in found))


def test_every_import_of_the_grader_points_down():
    found, _ = graph()
    upward = []
    for name, targets in found.items():
        mine = layer(name)
        if mine is None:
            continue
        for line, target, _, _ in targets:
            theirs = layer(target)
            if theirs is not None and theirs > mine:
                upward.append(f"{name}:{line} imports {target} ({LAYERS[mine]} -> {LAYERS[theirs]}, a layer above)")
    assert upward == []


def test_every_folder_of_the_grader_is_a_layer():
    folders = {entry for entry in os.listdir(os.path.join(TOP, "grader"))
               if os.path.isdir(os.path.join(TOP, "grader", entry)) and
               os.path.exists(os.path.join(TOP, "grader", entry, "__init__.py"))}
    assert folders == set(LAYERS[1:])
    loose = sorted(n for n in os.listdir(os.path.join(TOP, "grader")) if n.endswith(".py"))
    assert loose == ["__init__.py", "__main__.py"]


def test_no_module_of_the_grader_is_over_450_lines():
    long = {}
    for name, (path, _) in modules().items():
        if name.startswith("grader"):
            with open(path, encoding="utf-8") as f:
                count = sum(1 for _ in f)
            if count > LONGEST:
                long[name] = count
    assert long == {}


def test_an_import_inside_a_function_says_why_it_is_there():
    """Every module of the kit imports the kit's modules at its top, where a reader sees what it depends on;
    one inside a function stays only with a comment saying why (the reference loaded only by the staff
    command that needs it; the handout built without the grader)."""
    found, _ = graph()
    silent = [f"{name}:{line}: {text.strip()}" for name, targets in found.items()
              for line, _, inside, text in targets if inside and "#" not in text]
    assert silent == []


def test_a_circle_is_found_where_there_is_one(tmp_path):
    """The circle test's own test: a kit of two modules that import each other, one inside a function."""
    package = tmp_path / "grader" / "text"
    package.mkdir(parents=True)
    (tmp_path / "grader" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("def f():\n    from . import a  # why\n")
    found, _ = graph(str(tmp_path))
    edges = {name: {target for _, target, _, _ in targets} for name, targets in found.items()}
    assert circles(edges) == [["grader.text.a", "grader.text.b"]]
