#!/usr/bin/env python3
"""An independent check of a11ylint's colour sources (issue 22): contrast ratios computed here
with coloraide (CSS Color 4 conversions, per-channel clip, WCAG 2.1 contrast, alpha compositing)
against the ratios a11ylint reports with --reporter json, to 0.01, per THEME@APPEARANCE.

The fixtures are written here from the documentation, not from a11ylint's output: a DTCG 2025.10
resolver (two modifiers, four appearances) whose token files use every colour space of the Color
Module that a11ylint supports, hex notations, aliases ({…} and $ref) and $type inheritance; an
Xcode asset catalog in every component notation and colour space of Apple's format, with the
appearance fallbacks and a system-colour reference; and iOS system colours (values of Apple's
Human Interface Guidelines). Every pair is built to fail WCAG AAA (every background is a mid grey),
so a11ylint reports each one with its measured ratio.

Usage: check.py --a11ylint BIN [--keep DIR]. Exit 0 when every ratio agrees, 1 on any difference
or missing finding (each one listed), 2 when the run itself is unusable.
"""
import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile

from coloraide import Color

TOLERANCE = 0.01

# --- DTCG tokens --------------------------------------------------------------------------------

def obj(space, components, alpha=None):
    value = {"colorSpace": space, "components": components}
    if alpha is not None:
        value["alpha"] = alpha
    return value

# Foreground tokens in every colour space (DTCG Color Module units: hsl/hwb percentages,
# lab/lch L 0-100, oklab/oklch L 0-1, RGB and XYZ spaces 0-1), some outside sRGB (clipped).
SPACE_TOKENS = {
    "srgb": obj("srgb", [0.8, 0.2, 0.1]),
    "srgbLinear": obj("srgb-linear", [0.05, 0.3, 0.6]),
    "hsl": obj("hsl", [210, 60, 40]),
    "hslWrap": obj("hsl", [-30, 80, 55]),
    "hwb": obj("hwb", [30, 20, 30]),
    "hwbGrey": obj("hwb", [200, 60, 60]),
    "lab": obj("lab", [55, 40, -30]),
    "lch": obj("lch", [65, 50, 140]),
    "oklab": obj("oklab", [0.7, -0.1, 0.1]),
    "oklch": obj("oklch", [0.62, 0.19, 259.5], alpha=0.9),
    "oklchNone": obj("oklch", [0.5, 0.1, "none"]),
    "p3": obj("display-p3", [0.9, 0.3, 0.1]),
    "p3OutOfGamut": obj("display-p3", [0, 1, 0]),
    "a98": obj("a98-rgb", [0.3, 0.6, 0.2]),
    "prophoto": obj("prophoto-rgb", [0.4, 0.3, 0.7]),
    "rec2020": obj("rec2020", [0.7, 0.5, 0.2]),
    "rec2020Wide": obj("rec2020", [0.1, 0.9, 0.9]),
    "xyzD65": obj("xyz-d65", [0.3, 0.25, 0.6]),
    "xyzD50": obj("xyz-d50", [0.35, 0.3, 0.2], alpha=0.75),
    "hexOnly": {"colorSpace": "srgb", "hex": "#1a7f5a"},
    "componentsWin": {"colorSpace": "srgb", "components": [0.2, 0.4, 0.6], "hex": "#ff0000"},
}
HEX_TOKENS = {"short": "#c63", "shortAlpha": "#c638", "long": "#3366cc", "longAlpha": "#3366cc80"}

BASE = {
    "color": {
        "$type": "color",
        "space": {name: {"$value": value} for name, value in SPACE_TOKENS.items()},
        "hex": {name: {"$value": value} for name, value in HEX_TOKENS.items()},
        "alias": {
            "brace": {"$value": "{color.space.lab}"},
            "chain": {"$value": "{color.alias.brace}"},
            "pointer": {"$ref": "#/color/space/hwb/$value"},
            # Resolved after the appearance's files are merged: follows the context's palette.
            "mode": {"$value": "{color.palette.accent}"},
        },
        "palette": {"accent": {"$value": "#808080"}},
        "mode": {"bg": {"$value": "#777777"}, "glass": {"$value": "#77777799"}, "text": {"$value": "#000000"}},
    },
}
# Each context's file: mid-grey backgrounds (relative luminance 0.11-0.29, so nothing reaches
# 7:1) in other spaces, and a palette the base's alias follows.
CONTEXTS = {
    "theme": {
        "light": {"color": {"mode": {"bg": {"$value": obj("lab", [58, 2, -4])},
                                     "text": {"$value": obj("oklch", [0.3, 0.05, 30])}},
                            "palette": {"accent": {"$value": obj("hsl", [20, 70, 45])}}}},
        "dark": {"color": {"mode": {"bg": {"$value": obj("oklch", [0.55, 0.03, 250])},
                                    "glass": {"$value": obj("srgb", [0.9, 0.9, 0.95], alpha=0.4)},
                                    "text": {"$value": "#f5f5f5"}},
                           "palette": {"accent": {"$value": obj("display-p3", [0.3, 0.8, 0.9])}}}},
    },
    "contrast": {
        "standard": None,
        "high": {"color": {"mode": {"text": {"$value": obj("xyz-d65", [0.02, 0.02, 0.03])},
                                    "bg": {"$value": "{color.palette.highBg}"}},
                           "palette": {"highBg": {"$value": obj("display-p3", [0.5, 0.52, 0.5])}}}},
    },
}
RESOLVER = {
    "version": "2025.10",
    "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
    "modifiers": {
        "theme": {"contexts": {"light": [{"$ref": "light.tokens.json"}], "dark": [{"$ref": "dark.tokens.json"}]},
                  "default": "light"},
        "contrast": {"contexts": {"standard": [], "high": [{"$ref": "high.tokens.json"}]}},
    },
    "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/contrast"}],
}
TOKEN_APPEARANCES = [("light", "standard"), ("light", "high"), ("dark", "standard"), ("dark", "high")]


def merge(into, tree):
    """Resolver Module: later sources win; groups merge, a token replaces a token whole."""
    for key, value in tree.items():
        if isinstance(value, dict) and "$value" not in value and "$ref" not in value \
                and isinstance(into.get(key), dict) and "$value" not in into[key] and "$ref" not in into[key]:
            merge(into[key], value)
        else:
            into[key] = copy.deepcopy(value)


def token_value(tree, path, seen=()):
    """Follows {a.b} and $ref aliases (Format Module 7.1) to an explicit value."""
    node = tree
    for part in path:
        node = node[part]
    if "$ref" in node:
        parts = node["$ref"].lstrip("#/").split("/")
        if parts[-1] == "$value":
            parts = parts[:-1]
        return token_value(tree, parts, seen + (tuple(path),))
    value = node["$value"]
    if isinstance(value, str) and value.startswith("{"):
        return token_value(tree, value[1:-1].split("."), seen + (tuple(path),))
    return value


def dtcg_color(value):
    """A DTCG colour value as a coloraide colour in sRGB, clipped per channel (no gamut mapping)."""
    if isinstance(value, str):
        color = Color(expand_hex(value))
    elif "components" in value:
        space = value["colorSpace"]
        comps = [0.0 if c == "none" else float(c) for c in value["components"]]
        if space in ("hsl", "hwb"):
            comps = [comps[0], comps[1] / 100, comps[2] / 100]
        color = Color(space, comps, value.get("alpha", 1))
    else:
        color = Color(expand_hex(value["hex"]))
        color.set("alpha", value.get("alpha", color.get("alpha")))
    return color.convert("srgb").clip()


def expand_hex(text):
    digits = text[1:]
    if len(digits) in (3, 4):
        digits = "".join(d * 2 for d in digits)
    return "#" + digits


def token_fixture(root):
    tokens = os.path.join(root, "tokens")
    os.makedirs(tokens)
    write(os.path.join(tokens, "base.tokens.json"), BASE)
    for modifier in CONTEXTS.values():
        for context, tree in modifier.items():
            if tree is not None:
                write(os.path.join(tokens, context + ".tokens.json"), tree)
    write(os.path.join(tokens, "check.resolver.json"), RESOLVER)
    foregrounds = {f"space_{n}": ["color", "space", n] for n in SPACE_TOKENS}
    foregrounds.update({f"hex_{n}": ["color", "hex", n] for n in HEX_TOKENS})
    foregrounds.update({f"alias_{n}": ["color", "alias", n] for n in ("brace", "chain", "pointer", "mode")})
    foregrounds["mode_text"] = ["color", "mode", "text"]
    spec = generic_spec("TokenColours", {
        "solid": ("{color.mode.bg}", None),
        "glass": ("{color.mode.glass}", "{color.mode.bg}"),
    }, {role: "{" + ".".join(path) + "}" for role, path in foregrounds.items()})
    write(os.path.join(root, "specs", "TokenColours.json"), spec)
    expected = {}
    for theme, contrast in TOKEN_APPEARANCES:
        tree = {}
        merge(tree, BASE)
        merge(tree, CONTEXTS["theme"][theme])
        if CONTEXTS["contrast"][contrast]:
            merge(tree, CONTEXTS["contrast"][contrast])
        look = lambda path: dtcg_color(token_value(tree, path))
        bg = look(["color", "mode", "bg"])
        for theme_name, background in (("solid", bg), ("glass", composite(look(["color", "mode", "glass"]), bg))):
            for role, path in foregrounds.items():
                key = ("TokenColours", f"{theme_name}@{theme}+{contrast}", role)
                expected[key] = ratio(look(path), background)
    return expected


# --- Asset catalog (Apple's "Color set type" reference; Xcode's colour inspector notations) ----

def entry(color, luminosity=None, contrast=None, idiom="universal", gamut=None):
    item = {"idiom": idiom, "color": color}
    appearances = []
    if luminosity:
        appearances.append({"appearance": "luminosity", "value": luminosity})
    if contrast:
        appearances.append({"appearance": "contrast", "value": contrast})
    if appearances:
        item["appearances"] = appearances
    if gamut:
        item["display-gamut"] = gamut
    return item


def rgb(space, r, g, b, a=None):
    comps = {"red": r, "green": g, "blue": b}
    if a is not None:
        comps["alpha"] = a
    return {"color-space": space, "components": comps}


def gray(space, w, a=None):
    comps = {"white": w}
    if a is not None:
        comps["alpha"] = a
    return {"color-space": space, "components": comps}


SYSTEM_BLUE = {"light": "#007AFF", "dark": "#0A84FF", "light-increased-contrast": "#0040DD",
               "dark-increased-contrast": "#409CFF"}   # Apple HIG, iOS 18, "System colors"
COLOR_SETS = {
    "FloatSRGB": [entry(rgb("srgb", "0.800", "0.200", "0.100")),
                  entry(rgb("srgb", "0.950", "0.600", "0.500"), luminosity="dark")],
    "HexBytes": [entry(rgb("srgb", "0x1A", "0x7F", "0x5A", "0xCC"))],
    "IntBytes": [entry(rgb("srgb", "26", "127", "90"))],
    "Numbers": [entry(rgb("srgb", 0.2, 0.4, 1))],
    "ExtendedSRGB": [entry(rgb("extended-srgb", "1.150", "0.300", "-0.100"))],
    "P3": [entry(rgb("display-p3", "0.000", "0.400", "0.800"))],
    "P3Wide": [entry(rgb("display-p3", "0.000", "1.000", "0.000"))],
    "LinearSRGB": [entry(rgb("extended-linear-srgb", "0.050", "0.300", "0.600"))],
    "Gray22": [entry(gray("gray-gamma-22", "0.300"))],
    "ExtendedGray": [entry(gray("extended-gray", "0.850", "0.900"))],
    # Fallbacks: Any only; Any + Any-High + Dark (dark-increased-contrast takes Dark); all six.
    "AnyOnly": [entry(rgb("srgb", "0.100", "0.100", "0.400"))],
    "AnyHighDark": [entry(rgb("srgb", "0.500", "0.100", "0.100")),
                    entry(rgb("srgb", "0.300", "0.000", "0.000"), contrast="high"),
                    entry(rgb("srgb", "0.900", "0.700", "0.700"), luminosity="dark")],
    "AllSix": [entry(rgb("srgb", "0.4", "0.4", "0.1")),
               entry(rgb("srgb", "0.3", "0.3", "0.0"), luminosity="light"),
               entry(rgb("srgb", "0.9", "0.9", "0.6"), luminosity="dark"),
               entry(rgb("srgb", "0.2", "0.1", "0.0"), contrast="high"),
               entry(rgb("srgb", "0.1", "0.1", "0.0"), luminosity="light", contrast="high"),
               entry(rgb("srgb", "1.0", "1.0", "0.8"), luminosity="dark", contrast="high")],
    # An sRGB entry beside a Display P3 one: the sRGB one is used; iPhone-only sets are read.
    "GamutPair": [entry(rgb("srgb", "0.600", "0.300", "0.100"), gamut="sRGB"),
                  entry(rgb("display-p3", "0.100", "0.900", "0.900"), gamut="display-P3")],
    "PhoneOnly": [entry(rgb("srgb", "0.250", "0.500", "0.250"), idiom="iphone")],
    "SystemRef": [entry({"platform": "ios", "reference": "systemBlueColor"})],
    "Brand/Primary": [entry(rgb("srgb", "0x33", "0x00", "0x66"))],
    "Background": [entry(rgb("srgb", "0.560", "0.560", "0.560")),
                   entry(rgb("display-p3", "0.520", "0.500", "0.480"), luminosity="dark"),
                   entry(rgb("srgb", "0.500", "0.500", "0.500"), contrast="high"),
                   entry(gray("gray-gamma-22", "0.470"), luminosity="dark", contrast="high")],
}
IOS = ["light", "dark", "light-increased-contrast", "dark-increased-contrast"]
# Apple: which entry each appearance takes, first found wins (docs: "Any + High" is a light colour).
FALLBACK = {
    "light": [("light", None), (None, None)],
    "dark": [("dark", None), (None, None)],
    "light-increased-contrast": [("light", "high"), (None, "high"), ("light", None), (None, None)],
    "dark-increased-contrast": [("dark", "high"), ("dark", None), (None, "high"), (None, None)],
}


def component(value):
    if isinstance(value, (int, float)):
        return float(value)
    if value.lower().startswith("0x"):
        return int(value, 16) / 255
    if "." in value:
        return float(value)
    return int(value) / 255


def asset_color(entry_color, appearance):
    if "reference" in entry_color:
        return Color(SYSTEM_BLUE[appearance])
    comps = {k: component(v) for k, v in entry_color["components"].items()}
    space = entry_color["color-space"]
    alpha = comps.get("alpha", 1.0)
    if "white" in comps:   # Core Graphics' gray spaces: a 2.2 power curve to linear light
        w = comps["white"]
        linear = (abs(w) ** 2.2) * (1 if w >= 0 else -1)
        color = Color("srgb-linear", [linear] * 3, alpha)
    else:
        name = {"srgb": "srgb", "extended-srgb": "srgb", "display-p3": "display-p3",
                "extended-linear-srgb": "srgb-linear"}[space]
        color = Color(name, [comps["red"], comps["green"], comps["blue"]], alpha)
    return color.convert("srgb").clip()


def pick(entries, appearance):
    usable = [e for e in entries if e.get("display-gamut") != "display-P3"]
    universal = [e for e in usable if e["idiom"] == "universal"] or [e for e in usable if e["idiom"] == "iphone"]
    def key(e):
        lum = next((a["value"] for a in e.get("appearances", []) if a["appearance"] == "luminosity"), None)
        con = next((a["value"] for a in e.get("appearances", []) if a["appearance"] == "contrast"), None)
        return (lum, con)
    for wanted in FALLBACK[appearance]:
        for e in universal:
            if key(e) == wanted:
                return asset_color(e["color"], appearance)
    raise AssertionError(f"no entry for {appearance}")


def asset_fixture(root):
    catalog = os.path.join(root, "Check.xcassets")
    write(os.path.join(catalog, "Contents.json"), {"info": {"author": "xcode", "version": 1}})
    write(os.path.join(catalog, "Brand", "Contents.json"),
          {"info": {"author": "xcode", "version": 1}, "properties": {"provides-namespace": True}})
    for name, entries in COLOR_SETS.items():
        write(os.path.join(catalog, name + ".colorset", "Contents.json"),
              {"colors": entries, "info": {"author": "xcode", "version": 1}})
    roles = {"c_" + name.replace("/", "_"): "asset:" + name for name in COLOR_SETS if name != "Background"}
    return ios_fixture(root, "AssetColours", "cat", roles, lambda ref, appearance: pick(COLOR_SETS[ref[6:]], appearance))


def ios_fixture(root, component, theme, roles, colour):
    """A spec of `roles` on the Background colour set, and each pair's ratio in the four iOS appearances."""
    write(os.path.join(root, "specs", component + ".json"),
          generic_spec(component, {theme: ("asset:Background", None)}, roles))
    expected = {}
    for appearance in IOS:
        bg = pick(COLOR_SETS["Background"], appearance)
        for role, ref in roles.items():
            expected[(component, f"{theme}@{appearance}", role)] = ratio(colour(ref, appearance), bg)
    return expected


# --- iOS system colours (Apple HIG, iOS 18; secondaryLabel as UIKit resolves it) ----------------

SYSTEM = {
    "systemBlue": SYSTEM_BLUE,
    "systemRed": {"light": "#FF3B30", "dark": "#FF453A", "light-increased-contrast": "#D70015",
                  "dark-increased-contrast": "#FF6961"},
    "systemGreen": {"light": "#34C759", "dark": "#30D158", "light-increased-contrast": "#248A3D",
                    "dark-increased-contrast": "#30DB5B"},
    "secondaryLabel": {"light": "#3C3C4399", "dark": "#EBEBF599", "light-increased-contrast": "#3C3C4399",
                       "dark-increased-contrast": "#EBEBF599"},
}


def system_fixture(root):
    roles = {"s_" + name: "system:" + name for name in SYSTEM}
    # secondaryLabel's alpha is 0.6 exactly; #…99 is 0.6 too.
    return ios_fixture(root, "SystemColours", "sys", roles, lambda ref, appearance: Color(SYSTEM[ref[7:]][appearance]))


# --- shared -------------------------------------------------------------------------------------

def composite(color, background):
    """Normal blending, source over, in gamma-encoded sRGB (as WCAG measures translucent colours)."""
    if color.get("alpha") >= 1:
        return color
    return Color.layer([color, background], blend="normal", operator="source-over", space="srgb").clip()


def ratio(foreground, background):
    return composite(foreground, background).contrast(background, method="wcag21")


def generic_spec(name, themes, roles):
    pairs = [{"foreground": role, "background": "background", "role": "text"} for role in roles]
    spec_themes = {}
    for theme, (background, backdrop) in themes.items():
        t = {"background": background, "colors": dict(roles)}
        if backdrop:
            t["backdrop"] = backdrop
        spec_themes[theme] = t
    return {"name": name, "a11y": {"kind": "generic", "size": {"width": 120, "height": 48}, "pairs": pairs,
                                   "themes": spec_themes, "variants": [{"name": "v", "text": "Aa"}]}}


def write(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(value, f, indent=2)
        f.write("\n")


def run(binary, root):
    with open(os.path.join(root, ".a11ylint.yml"), "w") as f:
        f.write("colors:\n  tokens: tokens/check.resolver.json\n  asset_catalogs: [Check.xcassets]\n")
    proc = subprocess.run([binary, "lint", "specs", "--reporter", "json", "--level", "AAA"],
                          cwd=root, capture_output=True, text=True)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        print(f"check-colours: a11ylint gave no JSON report (exit {proc.returncode}):\n{proc.stderr}", file=sys.stderr)
        sys.exit(2)
    if report.get("inputErrors"):
        print("check-colours: a11ylint reported input errors:\n"
              + json.dumps(report["inputErrors"], indent=1), file=sys.stderr)
        sys.exit(2)
    measured = {}
    for f in report["findings"]:
        m = f.get("measured") or {}
        if f["rule"] == "text-contrast" and "ratio" in m:
            measured[(f["component"], f["theme"], m["role"])] = m["ratio"]
    return measured


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a11ylint", required=True)
    parser.add_argument("--keep", help="write the fixtures here (kept) instead of a temporary folder")
    args = parser.parse_args()
    binary = os.path.abspath(args.a11ylint)
    with tempfile.TemporaryDirectory(prefix="a11ylint-colours-") as tmp:
        root = args.keep or tmp
        if args.keep:
            os.makedirs(root, exist_ok=True)
        expected = {}
        expected.update(token_fixture(root))
        expected.update(asset_fixture(root))
        expected.update(system_fixture(root))
        too_high = [k for k, v in expected.items() if v >= 6.9]
        if too_high:   # the fixture's own promise: every pair fails 7:1, so each is reported
            print(f"check-colours: fixture error, pairs at 6.9:1 or more: {too_high}", file=sys.stderr)
            return 2
        measured = run(binary, root)
    problems = []
    for key in sorted(expected):
        if key not in measured:
            problems.append(f"{' '.join(key)}: expected {expected[key]:.4f}, a11ylint reported nothing")
        elif abs(measured[key] - expected[key]) > TOLERANCE:
            problems.append(f"{' '.join(key)}: expected {expected[key]:.4f}, a11ylint {measured[key]:.4f}")
    extra = sorted(set(measured) - set(expected))
    problems += [f"{' '.join(k)}: a11ylint reported {measured[k]:.4f}, not expected" for k in extra]
    worst = max((abs(measured[k] - expected[k]) for k in expected if k in measured), default=0)
    appearances = len({k[1] for k in expected})
    if problems:
        print("check-colours: FAILED:\n  " + "\n  ".join(problems), file=sys.stderr)
        print(f"check-colours: {len(expected) - len(problems)} agree, {len(problems)} differ")
        return 1
    print(f"check-colours: {len(expected)} ratios in {appearances} theme appearances agree with coloraide "
          f"to {TOLERANCE} (largest difference {worst:.2e})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
