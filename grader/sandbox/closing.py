"""``Closing``: a thing to use in ``with``, the sandboxes' base (no POSIX-only import: Windows loads it too)."""


class Closing:
    """A thing to use in ``with``: its ``close()`` runs on the way out, whatever happened inside."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
