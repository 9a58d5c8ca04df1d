"""Hold the skeleton's words to the handout: every docstring and comment the starter kit ships quotes it.

The skeleton (``xo/*.py`` stripped by ``strip.py``, and the template ``xo/__init__.py``) is what a student reads
beside the handout.  Where it says more than the handout, or says it otherwise, the student must guess which one
the grader holds them to (a fourth clean room found a docstring naming the forms of deque the handout allows,
and fewer of them).  So nothing of it is written twice: each paragraph of a docstring, and each comment, is a
quotation of the handout's Markdown (spaces and line breaks aside), and each ``>>>`` example is one of the
handout's own examples, with the same output.

>>> handout = "- `size()` and `len(d)` (the method `__len__`): the number of\\n  items, an int.\\n\\n>>> len([])\\n0\\n"
>>> unquoted('def size(self):\\n    \\"\\"\\"`size()` and `len(d)` (the method `__len__`): the number of items, an int.\\"\\"\\"\\n',
...          handout)
[]
>>> unquoted('def size(self):\\n    \\"\\"\\"Return the number of items.\\n\\n    >>> len([])\\n    0\\n    \\"\\"\\"\\n', handout)
[Unquoted(where='size', kind='docstring', text='Return the number of items.')]
>>> unquoted('x = len([])  # one empty list\\n', handout)
[Unquoted(where='line 1', kind='comment', text='one empty list')]
"""

import ast
import doctest
import inspect
import io
import tokenize
from dataclasses import dataclass


@dataclass(frozen=True)
class Unquoted:
    """A piece of the skeleton that is no quotation of the handout: ``where`` it is (the qualified name whose
    docstring holds it, or a line), its ``kind`` (``docstring``, ``example``, ``comment``) and its text."""
    where: str
    kind: str
    text: str


def flat(text):
    """``text`` with every run of spaces and line breaks made one space: Markdown wraps lines where it likes.

    >>> flat("  two\\n   lines ")
    'two lines'
    """
    return " ".join(text.split())


def examples(text):
    """Every ``>>>`` example of ``text``: (its source, its expected output), each flattened.

    >>> examples(">>> 1 + 1\\n2\\n")
    [('1 + 1', '2')]
    """
    return [(flat(e.source), flat(e.want)) for e in doctest.DocTestParser().get_examples(text)]


def docstrings(source):
    """Every string that stands alone as a statement of ``source`` (docstrings, attributes' docstrings), with
    the qualified name of the module, class or function it is in, cleaned as ``help()`` shows it."""
    found = []

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, f"{prefix}{child.name}.")
            elif (isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant)
                  and isinstance(child.value.value, str)):
                found.append((prefix.rstrip(".") or "module", inspect.cleandoc(child.value.value)))
            else:
                visit(child, prefix)
    visit(ast.parse(source), "")
    return found


def comments(source):
    """Every comment of ``source``: (its line, its text after ``#``)."""
    return [(token.start[0], token.string[1:].strip())
            for token in tokenize.generate_tokens(io.StringIO(source).readline) if token.type == tokenize.COMMENT]


def unquoted(source, handout):
    """The pieces of the skeleton module ``source`` that do not quote the Markdown ``handout``: each paragraph
    of each docstring must be found in it, each example must be one of its examples, and each comment must be
    found in it too."""
    text, shown = flat(handout), set(examples(handout))
    found = []
    for where, doc in docstrings(source):
        for piece in doctest.DocTestParser().parse(doc):
            if isinstance(piece, doctest.Example):
                if (flat(piece.source), flat(piece.want)) not in shown:
                    found.append(Unquoted(where, "example", flat(">>> " + piece.source + piece.want)))
                continue
            for paragraph in piece.split("\n\n"):
                if flat(paragraph) and flat(paragraph) not in text:
                    found.append(Unquoted(where, "docstring", flat(paragraph)))
    for line, said in comments(source):
        if said and flat(said) not in text:
            found.append(Unquoted(f"line {line}", "comment", said))
    return found
