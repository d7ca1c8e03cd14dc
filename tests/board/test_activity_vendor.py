"""The Activity's SDK is the pinned one (issue 39): bot/board/vendor/package.json pins an exact version,
package-lock.json holds it with its sha512 integrity, and the committed bundle says it was built from that
version; the Activity's page loads nothing but the board's own files."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "bot" / "board" / "vendor"
STATIC = ROOT / "bot" / "board" / "static"


def test_the_bundle_is_the_version_the_lock_pins() -> None:
    pinned = json.loads((VENDOR / "package.json").read_text())["dependencies"]["@discord/embedded-app-sdk"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), "an exact version, never a range"
    locked = json.loads((VENDOR / "package-lock.json").read_text())["packages"]
    sdk = locked["node_modules/@discord/embedded-app-sdk"]
    assert sdk["version"] == pinned and sdk["integrity"].startswith("sha512-")
    assert all(p.get("integrity", "sha512-").startswith("sha512-") for k, p in locked.items() if k)
    bundle = (STATIC / "vendor" / "discord-sdk.mjs").read_text()
    assert bundle.startswith(f"// @discord/embedded-app-sdk {pinned} (MIT), bundled by tools/vendor_sdk.sh")
    assert "export{" in bundle.replace(" ", "") and "DiscordSDK" in bundle


def test_the_activity_page_loads_only_relative_urls() -> None:
    for name in ("activity.html", "activity.js"):
        text = (STATIC / name).read_text()
        refs = re.findall(r"""(?:src|href)="([^"]+)"|from "([^"]+)"|fetch\("([^"]+)\"""", text)
        urls = [u for group in refs for u in group if u]
        assert urls, name
        assert all(not re.match(r"[a-z]+:|//|/", u) or u == "data:," for u in urls), (name, urls)
