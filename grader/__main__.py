"""``python -m grader``: see ``grader/commands/cli.py``."""
import sys

from .commands.cli import main

sys.exit(main())
