#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image
# (its default image: Ubuntu 22.04 with the system python3, 3.10, kept as it is).
# It installs the grader's pinned requirements and creates the unprivileged
# user that runs student code.  XO_PYTHON chooses another interpreter (tests).
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${XO_PYTHON:-python3}"

if ! command -v "$PYTHON" >/dev/null 2>&1 || ! "$PYTHON" -m pip --version >/dev/null 2>&1; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 python3-pip
fi
"$PYTHON" -m pip install --no-cache-dir --disable-pip-version-check -r requirements.txt

# The grader creates this user itself when it is missing; doing it here saves the time per submission.
if [ "$(id -u)" = 0 ] && ! id -u xo-sandbox >/dev/null 2>&1; then
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin --user-group xo-sandbox
fi
