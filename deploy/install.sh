#!/usr/bin/env bash
# Install Umpire into a virtual environment: the one place the install lines live.
# The Dockerfile runs it, the systemd unit's instructions run it, and CI runs it (tools/wheel_check.sh),
# so the recipes cannot drift from what is tested.
#
#   deploy/install.sh PREFIX [WHEEL]
#
# PREFIX: the virtual environment to create (for example /opt/umpire).
# WHEEL:  an umpire-*.whl to install; without it the wheel is built from this checkout first.
# The dependencies come from requirements-runtime.lock, installed with --require-hashes.
# PYTHON picks the interpreter (default python3, 3.11 or newer); UMPIRE_EXTRAS=metrics adds
# prometheus-client (pinned in requirements.lock).
set -euo pipefail

PREFIX="${1:?usage: deploy/install.sh PREFIX [WHEEL]}"
WHEEL="${2:-}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
LOCK="${UMPIRE_LOCK:-$HERE/requirements-runtime.lock}"

"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "install.sh: Python 3.11+ needed" >&2; exit 2; }
"$PYTHON" -m venv "$PREFIX"
"$PREFIX/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r "$LOCK"
if [ "${UMPIRE_EXTRAS:-}" = "metrics" ]; then
    # the one extra's pin and hashes, taken from the full lock
    awk '/^prometheus-client==/{p=1} p{print} p && !/\\$/{exit}' "$HERE/requirements.lock" > "$PREFIX/metrics.lock"
    "$PREFIX/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps \
        -r "$PREFIX/metrics.lock"
fi
if [ -z "$WHEEL" ]; then
    build="$(mktemp -d)"
    "$PREFIX/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps -w "$build" "$HERE"
    WHEEL="$(ls "$build"/umpire-*.whl)"
fi
"$PREFIX/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "$WHEEL"
"$PREFIX/bin/python" -m pip check >/dev/null || { "$PREFIX/bin/python" -m pip check; exit 1; }
echo "Umpire installed in $PREFIX: $PREFIX/bin/umpire" >&2
