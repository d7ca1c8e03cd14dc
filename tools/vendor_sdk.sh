#!/usr/bin/env bash
# Discord's Embedded App SDK for the board's Activity page (issue 39), bundled into one ES module that the
# board serves itself: the page makes no third-party request at run time.
#
# Pinned by bot/board/vendor/package.json + package-lock.json (exact versions, sha512 integrity of every
# package). `npm ci` installs exactly that lock (it refuses a lock that does not match package.json);
# esbuild (pinned in the same lock) bundles the SDK and its dependencies into
# bot/board/static/vendor/discord-sdk.mjs. The bundle is committed: the board and its tests need no npm.
# Run this (make vendor-sdk) after changing the pin, and commit the lock and the bundle together;
# `make vendor-sdk CHECK=1` rebuilds into a temporary file and fails if it differs from the committed one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
vendor="$root/bot/board/vendor"
out="$root/bot/board/static/vendor/discord-sdk.mjs"
cd "$vendor"
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
version="$(node -p 'require("./node_modules/@discord/embedded-app-sdk/package.json").version')"
built="$(mktemp)"
trap 'rm -f "$built" "$built.body"' EXIT
./node_modules/.bin/esbuild entry.mjs --bundle --format=esm --minify --target=es2020 \
  --legal-comments=eof --log-level=warning --outfile="$built.body"
{
  echo "// @discord/embedded-app-sdk $version (MIT), bundled by tools/vendor_sdk.sh from bot/board/vendor/package-lock.json"
  cat "$built.body"
} > "$built"
if [[ "${CHECK:-}" == "1" ]]; then
  cmp -s "$built" "$out" || { echo "the committed $out is not what the lock builds: run make vendor-sdk" >&2; exit 1; }
  echo "bundle matches the lock (SDK $version)"
else
  mkdir -p "$(dirname "$out")"
  cp "$built" "$out"
  echo "wrote $out (SDK $version, $(wc -c < "$out") bytes, sha256 $(sha256sum "$out" | cut -d' ' -f1))"
fi
