"""Make the students' skeleton from the reference: strip the marked solution blocks.

Solution code in ``xo/`` sits between ``# BEGIN SOLUTION`` and ``# END SOLUTION``
comment lines (Otter-Grader's markers).  Two kinds of block are allowed:

* a block that is a function's **whole body after its docstring** becomes
  ``raise NotImplementedError("…")``: the signature and docstring stay;
* a block at **module or class level** (helpers, constants, private methods) is
  deleted, markers and all.

Anything else (a block covering only part of a function body, unmatched or
nested markers) is an error, so that no half-stripped skeleton is shipped.

>>> reference = '''
... class Counter:
...     def __init__(self):
...         \"\"\"Start at zero.\"\"\"
...         # BEGIN SOLUTION
...         self.n = 0
...         # END SOLUTION
...
...     # BEGIN SOLUTION
...     def _secret(self):
...         return 42
...     # END SOLUTION
... '''
>>> print(strip(reference))
<BLANKLINE>
class Counter:
    def __init__(self):
        \"\"\"Start at zero.\"\"\"
        raise NotImplementedError("Counter.__init__ is yours to write")
<BLANKLINE>
>>> stripped_functions(reference)
['Counter.__init__']
>>> strip("# BEGIN SOLUTION\\nx = 1\\n")
Traceback (most recent call last):
...
ValueError: line 1: # BEGIN SOLUTION without # END SOLUTION
"""

import ast
import re

BEGIN = "# BEGIN SOLUTION"
END = "# END SOLUTION"
_MARKER = re.compile(r"^(?P<indent>[ \t]*)# (?P<kind>BEGIN|END) SOLUTION\s*$")


def blocks(source):
    """The marked blocks as (begin line, end line, indentation), 1-based marker lines.

    >>> blocks("a = 1\\n    # BEGIN SOLUTION\\n    b = 2\\n    # END SOLUTION\\n")
    [(2, 4, '    ')]
    """
    found, open_at = [], None
    for number, line in enumerate(source.splitlines(), 1):
        match = _MARKER.match(line)
        if not match:
            if BEGIN in line or END in line:
                raise ValueError(f"line {number}: a solution marker must be alone on its line")
            continue
        if match["kind"] == "BEGIN":
            if open_at is not None:
                raise ValueError(f"line {number}: {BEGIN} inside the block opened on line {open_at[0]}")
            open_at = (number, match["indent"])
        else:
            if open_at is None:
                raise ValueError(f"line {number}: {END} without {BEGIN}")
            if match["indent"] != open_at[1]:
                raise ValueError(f"line {number}: {END} indented unlike its {BEGIN} (line {open_at[0]})")
            found.append((open_at[0], number, open_at[1]))
            open_at = None
    if open_at is not None:
        raise ValueError(f"line {open_at[0]}: {BEGIN} without {END}")
    return found


def _functions(tree):
    """Every function with its qualified name (``Class.method``)."""
    found = []

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((prefix + child.name, child))
                visit(child, prefix + child.name + ".<locals>.")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)
    visit(tree, "")
    return found


def _has_docstring(function):
    first = function.body[0]
    return (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str))


def _plan(source):
    """For each block: ``(begin, end, indent, qualname or None)``; None means delete."""
    tree = ast.parse(source)
    functions = _functions(tree)
    plan = []
    for begin, end, indent in blocks(source):
        inside = [(name, f) for name, f in functions if f.lineno < begin <= f.end_lineno]
        if not inside:
            plan.append((begin, end, indent, None))        # module or class level
            continue
        name, function = max(inside, key=lambda item: item[1].lineno)   # the innermost function
        body = function.body[1:] if _has_docstring(function) else function.body
        if not body or not all(begin < statement.lineno and statement.end_lineno < end for statement in body):
            raise ValueError(f"line {begin}: the block in {name}() must be its whole body after the docstring")
        plan.append((begin, end, indent, name))
    return plan


def stripped_functions(source):
    """Qualified names of the functions whose bodies ``strip`` replaces."""
    return [name for *_, name in _plan(source) if name is not None]


def message(qualname):
    """The ``NotImplementedError`` message of a stripped function."""
    return f"{qualname} is yours to write"


def strip(source):
    """Return the skeleton of ``source``: every marked block stripped (see the module's docstring)."""
    lines = source.splitlines(keepends=True)
    for begin, end, indent, name in sorted(_plan(source), reverse=True):
        replacement = [] if name is None else [f'{indent}raise NotImplementedError("{message(name)}")\n']
        lines[begin - 1:end] = replacement
    text = re.sub(r"\n{4,}", "\n\n\n", "".join(lines))      # at most two blank lines where a block was
    text = text.rstrip("\n") + "\n" if text.strip() else ""
    compile(text, "<skeleton>", "exec")                          # never ship a skeleton that does not parse
    return text
