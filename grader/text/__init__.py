"""How the grader's words read: Markdown made inert (``markdown``), the child's values read back
(``values``), boards drawn (``boards``).

The bottom layer: these modules import nothing of the grader but each other, so every layer may use them.  A
new way of writing text for students goes here when more than one layer needs it."""
