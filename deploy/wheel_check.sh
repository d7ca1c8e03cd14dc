#!/usr/bin/env bash
# CI: build the wheel, install it with deploy/install.sh in a clean virtual environment, and play a
# scripted game from a folder outside the checkout (so nothing of the checkout can be imported or read).
# Then the database commands on the same data folder: current, backup, upgrade.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
PYTHON="${PYTHON:-python3}"
note() { echo "wheel_check: $*" >&2; }

"$PYTHON" -m venv "$WORK/build-env"
"$WORK/build-env/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-deps -w "$WORK/dist" "$HERE"
WHEEL="$(ls "$WORK"/dist/umpire-*.whl)"
for need in engine/service/migrations/env.py engine/service/migrations/script.py.mako \
            engine/service/migrations/versions/0001_initial_schema.py engine/games/peiper/data/map.yaml; do
    "$PYTHON" -c "import sys, zipfile; sys.exit(0 if '$need' in zipfile.ZipFile('$WHEEL').namelist() else 1)" \
        || { note "the wheel lacks $need"; exit 1; }
done
note "built $(basename "$WHEEL")"

PYTHON="$PYTHON" "$HERE/deploy/install.sh" "$WORK/venv" "$WHEEL"

mkdir -p "$WORK/elsewhere"
cd "$WORK/elsewhere"
printf '/peiper ready\n/peiper draw\n/status\n' > orders.txt
# a clean environment: no DATABASE_URL, no .env; the data folder is named
run() { env -i PATH=/usr/bin:/bin HOME="$WORK" UMPIRE_DATA_DIR="$WORK/data" "$WORK/venv/bin/umpire" "$@"; }
run --version | grep -q '^umpire [0-9]' || { note "umpire --version does not name the version"; exit 1; }
run play peiper --as both --seed 7 --script orders.txt --no-images > play.out
grep -q "German card draw" play.out || { cat play.out; note "the scripted game did not play"; exit 1; }
[ -f "$WORK/data/umpire.db" ] || { note "no database in UMPIRE_DATA_DIR"; exit 1; }
run db current
run db backup "$WORK/backup.db"
run db upgrade
env -i PATH=/usr/bin:/bin HOME="$WORK" "$WORK/venv/bin/python" - "$WORK" <<'PY'
import sys
import engine
assert sys.argv[1] in engine.__file__, f"imported {engine.__file__}, not the installed wheel"
PY
note "OK: the wheel installs with hashed dependencies and plays from another folder"
