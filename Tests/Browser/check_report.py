#!/usr/bin/env python3
"""The HTML report in a real browser (issue 11, item 5).

Renders `a11ylint Samples --reporter html --output .build/browser/report.html` with the debug binary
(or checks the HTML file given with --html), opens it in headless Chromium through
chromedriver and checks, each as one named check:

  network     the page makes no request at all: no http(s)/ws, and no load of another local
              file either (only the page itself and data:/blob:/about: URLs). Seen two ways:
              the DevTools Network events of the page (chromedriver's performance log, the
              whole session long: load, screenshot and axe), the page's own
              performance.getEntriesByType('resource'), and <link rel=preconnect /
              dns-prefetch / prefetch / preload ...> hints (they connect without a request).
  screenshot  a full-page PNG (saved as .build/browser/report.png), decoded here with zlib
              alone, is not blank: enough distinct colours and enough pixels off the
              background colour. Its size is printed.
  axe         axe-core (from PyPI's axe-selenium-python) run on the page: no violation of
              impact serious or critical (each is printed with rule, impact, help and
              target selectors; minor/moderate ones are listed as notes). Full results in
              .build/browser/axe.json.

When the page's CSS has a prefers-color-scheme query, the screenshot and axe checks run again
with the dark scheme emulated (report-dark.png, axe-dark.json).

Prints "browser: N passed, N failed" last; exit 0 when all pass, 1 otherwise, 2 when the
check could not run at all (browser, driver or Python packages missing).
"""
import argparse
import base64
import collections
import json
import os
import pathlib
import shutil
import struct
import subprocess
import sys
import time
import zlib
from array import array

REPO = pathlib.Path(__file__).resolve().parents[2]
ALLOWED_SCHEMES = ("data:", "blob:", "about:")
# A page is "not blank" when its screenshot has at least this many distinct colours and at
# least this share of pixels differs from the most common (background) colour.
MIN_COLOURS = 16
MIN_OFF_BACKGROUND = 0.01
MAX_HEIGHT = 40000  # CSS px; longer pages are cut there (and say so)


def shown(path):
    """A path relative to the repository when inside it."""
    path = pathlib.Path(path).resolve()
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def fail_setup(msg):
    print(f"browser: cannot run: {msg}", file=sys.stderr)
    print("browser: 0 passed, 1 failed")
    sys.exit(2)


# ---------------------------------------------------------------- PNG (zlib only)

def decode_png(data):
    """Returns (width, height, bytes_per_pixel, rows) for 8-bit greyscale/RGB/RGBA PNGs."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = ihdr
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    bpp, stride = channels, width * channels
    rows, prev = [], bytearray(stride)
    low7, high1 = int.from_bytes(b"\x7f" * stride, "little"), int.from_bytes(b"\x80" * stride, "little")
    for y in range(height):
        start = y * (stride + 1)
        ftype = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        if ftype == 0:
            pass
        elif ftype == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:  # Up: bytewise (line + prev) mod 256 on whole rows as big integers
            a, b = int.from_bytes(line, "little"), int.from_bytes(prev, "little")
            line = bytearray((((a & low7) + (b & low7)) ^ ((a ^ b) & high1)).to_bytes(stride, "little"))
        elif ftype == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        else:
            raise ValueError(f"bad PNG filter {ftype} on row {y}")
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def colour_stats(width, height, bpp, rows):
    counts = collections.Counter()
    quad = bytearray(width * 4)  # each pixel widened to 4 bytes, counted as one 32-bit integer
    # A page has many identical rows (margins, blank space): each distinct row is counted once.
    for line, repeats in collections.Counter(bytes(line) for line in rows).items():
        for c in range(bpp):
            quad[c::4] = line[c::bpp]
        row_counts = collections.Counter(array("I", quad))
        if repeats == 1:
            counts.update(row_counts)
        else:
            for colour, n in row_counts.items():
                counts[colour] += n * repeats
    total = width * height
    background, bg_count = counts.most_common(1)[0]
    return len(counts), 1 - bg_count / total, total


# ---------------------------------------------------------------- browser

def start_browser(width):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        fail_setup(f"selenium not importable ({e}); run scripts/bootstrap")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        fail_setup("Debian's chromium and chromium-driver are not installed; run scripts/bootstrap")
    os.environ["SE_OFFLINE"] = "true"  # never let Selenium Manager fetch a browser or driver
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},900", "--hide-scrollbars", "--force-device-scale-factor=1",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--mute-audio",
                # A page that does ask for something is seen asking (the request is logged)
                # but nothing leaves this machine: no host name resolves and every http(s)
                # request goes to a dead local proxy.
                "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://127.0.0.1:9",
                "--proxy-bypass-list=<-loopback>"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    opts.add_experimental_option("perfLoggingPrefs", {"enableNetwork": True, "enablePage": False})
    try:
        return webdriver.Chrome(service=Service(driver_path), options=opts)
    except Exception as e:  # noqa: BLE001 - any start failure is a setup failure
        fail_setup(f"chromium did not start through chromedriver: {str(e).strip().splitlines()[0]}")


def network_events(driver, seen):
    """Appends the page's Network.requestWillBeSent / webSocketCreated URLs to seen."""
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        method = msg.get("method", "")
        params = msg.get("params", {})
        if method == "Network.requestWillBeSent":
            req = params.get("request", {})
            seen.append((req.get("url", ""), params.get("type", "?"), req.get("method", "")))
        elif method == "Network.webSocketCreated":
            seen.append((params.get("url", ""), "WebSocket", ""))


HAS_DARK_SCHEME_JS = """
function has(rules) {
  for (const r of rules) {
    if (r.media && /prefers-color-scheme/.test(r.media.mediaText)) return true;
    if (r.cssRules && has(r.cssRules)) return true;
  }
  return false;
}
for (const sheet of document.styleSheets) {
  try {
    if (sheet.media && /prefers-color-scheme/.test(sheet.media.mediaText)) return true;
    if (has(sheet.cssRules)) return true;
  } catch (e) {}
}
return false;
"""


def screenshot(driver, path, t0):
    """Full-page PNG saved at path, decoded and counted; returns (ok, detail)."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    width = max(1, int(size["width"]))
    full_height = max(1, int(size["height"]))
    height = min(full_height, MAX_HEIGHT)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "optimizeForSpeed": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    png = base64.b64decode(shot["data"])
    taken = time.monotonic() - t0
    path.write_bytes(png)
    try:
        w, h, bpp, rows = decode_png(png)
        colours, off_bg, _ = colour_stats(w, h, bpp, rows)
    except (ValueError, zlib.error, TypeError, struct.error) as e:
        return False, f"screenshot PNG could not be decoded: {e}"
    ok = colours >= MIN_COLOURS and off_bg >= MIN_OFF_BACKGROUND
    detail = (f"{w}x{h} px, {len(png):,} bytes, {colours:,} distinct colours, "
              f"{off_bg:.1%} of pixels off the background colour"
              + (f"; page is {full_height} px tall, cut at {MAX_HEIGHT}" if full_height > height else "")
              + f"; saved {shown(path)}; taken at {taken:.1f} s")
    if not ok:
        detail += f" -- looks blank (needs >= {MIN_COLOURS} colours and >= {MIN_OFF_BACKGROUND:.0%} off background)"
    return ok, detail


def run_axe(driver, path):
    """axe-core on the page as it is now; full results saved at path; returns (ok, detail)."""
    try:
        import axe_selenium_python
    except ImportError as e:
        fail_setup(f"axe-selenium-python not importable ({e}); run scripts/bootstrap")
    axe_js = pathlib.Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(axe_js.read_text(encoding="utf-8"))
    axe = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(function (r) { done(r); }, function (e) { done({error: String(e)}); });")
    if not isinstance(axe, dict) or "error" in axe:
        return False, f"axe.run failed: {axe}"
    path.write_text(json.dumps(axe, indent=2), encoding="utf-8")
    version = driver.execute_script("return axe.version")
    violations = axe.get("violations", [])
    blocking = [v for v in violations if v.get("impact") in ("serious", "critical")]
    other = [v for v in violations if v not in blocking]
    # "incomplete": axe could not decide (e.g. text over an image); listed, not failed.
    review = axe.get("incomplete", [])
    for label, group in (("VIOLATION", blocking), ("note", other), ("needs review", review)):
        for v in group:
            print(f"  {label}: {v['id']} ({v.get('impact')}): {v.get('help')} "
                  f"[{len(v['nodes'])} element(s)] {v.get('helpUrl', '')}")
            for node in v["nodes"][:10]:
                target = " ".join(t if isinstance(t, str) else json.dumps(t) for t in node.get("target", []))
                print(f"      {target}")
                if label == "VIOLATION" and node.get("failureSummary"):
                    for line in node["failureSummary"].splitlines()[:4]:
                        print(f"        {line.strip()}")
            if len(v["nodes"]) > 10:
                print(f"      ... and {len(v['nodes']) - 10} more (all in {shown(path)})")
    return not blocking, (f"axe-core {version}: {len(blocking)} serious/critical rule(s), "
                          f"{len(other)} minor/moderate, {len(review)} to review by hand, "
                          f"{len(axe.get('passes', []))} rules passed; saved {shown(path)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--html", help="check this HTML file instead of rendering the Samples' report")
    ap.add_argument("--out", default=str(REPO / ".build" / "browser"),
                    help="where the report, screenshot and axe JSON go (default .build/browser)")
    ap.add_argument("--binary", default=str(REPO / ".build" / "debug" / "a11ylint"))
    ap.add_argument("--width", type=int, default=1280, help="viewport width in CSS px")
    args = ap.parse_args()
    t0 = time.monotonic()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in ("report.png", "report-dark.png", "axe.json", "axe-dark.json"):
        (out / name).unlink(missing_ok=True)  # nothing left from an earlier run
    results = []  # (name, ok)

    def check(ok, detail, name):
        results.append((name, ok))
        print(f"{'pass' if ok else 'FAIL'}: {name}" + (f" ({detail})" if detail else "")
              + f" [{time.monotonic() - t0:.1f} s]", flush=True)

    # 1. The page.
    if args.html:
        page = pathlib.Path(args.html).resolve()
        if not page.is_file():
            fail_setup(f"{page} does not exist")
        print(f"browser: checking {page}")
    else:
        binary = pathlib.Path(args.binary)
        if not os.access(binary, os.X_OK):
            fail_setup(f"{binary} not built (swift build --product a11ylint)")
        page = out / "report.html"
        if page.exists():
            page.unlink()
        proc = subprocess.run([str(binary), "Samples", "--reporter", "html", "--output", str(page)],
                              cwd=REPO, capture_output=True, text=True)
        ok = proc.returncode in (0, 1) and page.is_file() and page.stat().st_size > 0
        check(ok, f"exit {proc.returncode} (1 expected: the samples have findings), "
              f"{page.stat().st_size if page.is_file() else 0} bytes", "render: a11ylint Samples --reporter html")
        if not ok:
            print(proc.stderr[-2000:], file=sys.stderr)
            print(f"browser: {sum(ok for _, ok in results)} passed, {sum(not ok for _, ok in results)} failed")
            return 1
    page_url = page.as_uri()

    driver = start_browser(args.width)
    try:
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(45)
        driver.get(page_url)
        for _ in range(50):
            if driver.execute_script("return document.readyState") == "complete":
                break
            time.sleep(0.1)
        time.sleep(0.5)  # requests a page makes shortly after load (timers, lazy images)
        seen = []
        network_events(driver, seen)

        # 2. Screenshot (full page), decoded and counted here. 3. axe-core on the page.
        check(*screenshot(driver, out / "report.png", t0), "screenshot: full page, not blank")
        check(*run_axe(driver, out / "axe.json"), "axe: no serious or critical violation")
        # The same in the dark colour scheme, when the page's CSS has one.
        if driver.execute_script(HAS_DARK_SCHEME_JS):
            print("browser: the page has a prefers-color-scheme style: checking it dark too", flush=True)
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            check(*screenshot(driver, out / "report-dark.png", t0), "screenshot (dark scheme): full page, not blank")
            check(*run_axe(driver, out / "axe-dark.json"), "axe (dark scheme): no serious or critical violation")

        # 4. Network: everything the page asked for, the whole session long.
        network_events(driver, seen)
        entries = driver.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) {"
            " return [e.name, e.initiatorType]; })") or []
        # Hints that open connections without a request event (DNS look-up, TCP/TLS).
        hints = driver.execute_script(
            "return Array.from(document.querySelectorAll('link[rel]')).filter(function (l) {"
            " return /(^|\\s)(preconnect|dns-prefetch|prefetch|prerender|preload|modulepreload)(\\s|$)/i.test(l.rel); })"
            ".map(function (l) { return [l.href, l.rel]; })") or []
    finally:
        driver.quit()

    bad = []
    page_loads = 0
    for url, kind, _ in seen:
        if url == page_url and kind == "Document" and page_loads == 0:
            page_loads += 1  # the page itself, once
            continue
        if not url.startswith(ALLOWED_SCHEMES):
            bad.append(f"{kind}: {url}")
    for name, initiator in entries:
        if not name.startswith(ALLOWED_SCHEMES):
            bad.append(f"resource timing ({initiator}): {name}")
    for href, rel in hints:
        if not href.startswith(ALLOWED_SCHEMES):
            bad.append(f"<link rel={rel}>: {href}")
    bad = list(dict.fromkeys(bad))
    detail = (f"{len(seen)} DevTools request event(s) (the page itself: {page_loads}), "
              f"{len(entries)} resource timing entr{'y' if len(entries) == 1 else 'ies'}")
    if bad:
        detail += "; requests: " + "; ".join(bad[:20]) + (f"; ... {len(bad) - 20} more" if len(bad) > 20 else "")
    ok = not bad and page_loads == 1
    if page_loads != 1:
        detail += " -- the page's own load was not seen, so the network log is not trustworthy"
    check(ok, detail, "network: the page makes no request")

    passed = sum(ok for _, ok in results)
    failed = len(results) - passed
    print(f"browser: {time.monotonic() - t0:.1f} s")
    print(f"browser: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
