"""The configurations the kit is tested under besides its shipped one, each the pinned copy of the shipped
configuration (``golden.PINNED_CONFIG``) with a few lines changed, as an instructor would change them.

``MATRIX`` is the issue's matrix (tests/test_matrix.py builds and grades under each); the others are the limits
the platforms refuse or need set (tests/test_configured.py).
"""

import re

import golden

MATRIX = {
    "shipped": [],
    "part_vi_on": [(r"^VI = 0$", "VI = 10")],
    "every_group_visible": [(r'^(\w+) = "withheld"$', r'\1 = "visible"')],
    "partial_credit": [(r'^partial_credit = "none"$', 'partial_credit = "proportional"')],
    "changed_timeout": [(r"^timeout = 30$", "timeout = 20"), (r"^slow_timeout = 180$", "slow_timeout = 120"),
                        (r"^total = 510$", "total = 540")],
}
"""Name → the (pattern, replacement) line edits that make it from the shipped configuration."""

LIMITS = {
    "beyond_every_platform": [(r"^memory_mib = 512$", "memory_mib = 4096"), (r"^total = 510$", "total = 5000")],
    "gradescope_only": [(r"^total = 510$", "total = 900")],
    "misspelt_section": [(r"^\[visibility\]$", "[visiblity]")],
}
"""Configurations the platforms' limits or the strict reading have something to say of."""


def text(name):
    """The configuration ``name`` (of ``MATRIX`` or ``LIMITS``), as the file's text."""
    with open(golden.PINNED_CONFIG, encoding="utf-8") as f:
        made = f.read()
    for pattern, replacement in {**MATRIX, **LIMITS}[name]:
        made, count = re.subn(pattern, replacement, made, flags=re.M)
        assert count, f"{name}: {pattern!r} matches no line of the shipped configuration"
    return made


def write(folder, name):
    """Write the configuration ``name`` into ``folder`` (a pathlib.Path); return its path as a string."""
    path = folder / f"{name}.toml"
    path.write_text(text(name), encoding="utf-8")
    return str(path)
