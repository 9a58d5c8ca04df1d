#!/usr/bin/env bash
# PrairieLearn runs this in the grading container for each submission (info.json's entrypoint): it grades
# $GRADE_ROOT/student and writes $GRADE_ROOT/results/results.json, PrairieLearn's format.  When the
# container runs as root, student code runs as the unprivileged user xo-sandbox, as on Gradescope; when it
# does not, it runs as the container's own user (the job's log says which, and what that leaves open).
#
# XO_GRADE_ROOT moves the root away from /grade (the kit's tests run the whole flow in a temporary folder);
# XO_PYTHON chooses the interpreter.  Whatever happens, this exits 0 and leaves a valid results.json behind.
GRADE_ROOT="${XO_GRADE_ROOT:-/grade}"
PYTHON="${XO_PYTHON:-python3}"
HERE="$(cd "$(dirname "$0")" && pwd)"
RESULTS="$GRADE_ROOT/results/results.json"
export PYTHONDONTWRITEBYTECODE=1        # no __pycache__ beside the grader (a copy tried by hand is synced later)

mkdir -p "$GRADE_ROOT/results" 2>/dev/null
rm -f "$RESULTS"
if ! ( : > "$RESULTS" ) 2>/dev/null; then
    echo "xo grader: cannot write $RESULTS as user $(id -u): $GRADE_ROOT must be writable by the user the" \
         "container runs as; nothing graded" >&2
    exit 0
fi
rm -f "$RESULTS"
echo "xo grader: user $(id -u), effective capabilities $(grep CapEff /proc/self/status | cut -f2)"
if [ "$(id -u)" = 0 ]; then
    # Nothing of /grade but the stage the grader makes is for the student's processes to read: the
    # grader's files (fixtures: the hidden checks' answers), the question's data, the upload itself.
    # go-rwx, never a mode of its own: root's own bits stay, so what root runs here (run_autograder itself,
    # copied into the root) still runs the next time, as in Gradescope's debugging session over SSH.
    for path in "$GRADE_ROOT"/*; do
        [ -L "$path" ] && continue
        chmod go-rwx "$path" 2>/dev/null || true
    done
    chmod go-rwx "$GRADE_ROOT" 2>/dev/null || true
    chmod 755 "$GRADE_ROOT/results" 2>/dev/null || true
else
    echo "xo grader: not root, so student code runs as this same user: it can read the grader's files" \
         "(the hidden checks' expected moves) and leave files behind in the container"
fi

cannot_grade() {        # results.json for a job the grader could not grade: $1 says why, in a few words
    cat > "$RESULTS" <<JSON
{
  "gradable": false,
  "format_errors": [],
  "message": "The autograder could not run ($1), so nothing was graded and no attempt was used. This is not a problem with your code: please tell your instructor."
}
JSON
}

# The grader reads its configuration with the standard library's tomllib (Python 3.11 or newer), or on 3.10 with
# the tomli package, which the grading container (no network) cannot install: said in one line, not a traceback.
if ! "$PYTHON" - 2>/dev/null <<'PY'
import sys
if sys.version_info < (3, 10):
    sys.exit(1)
try:
    import tomllib  # noqa: F401
except ModuleNotFoundError:
    import tomli  # noqa: F401
PY
then
    found="$("$PYTHON" -c 'import platform; print(platform.python_version())' 2>/dev/null || echo "not found")"
    echo "xo grader: needs Python @MIN_PYTHON@; $PYTHON is Python $found: nothing graded" >&2
    cannot_grade "its Python is $found"
    exit 0
fi

status=0
(cd "$HERE" && "$PYTHON" -m grader grade "$GRADE_ROOT/student" --format prairielearn --results "$RESULTS") \
    || status=$?

if [ ! -s "$RESULTS" ]; then
    echo "xo grader: the grader exited with status $status without writing $RESULTS" >&2
    cannot_grade "exit status $status"
fi
exit 0
