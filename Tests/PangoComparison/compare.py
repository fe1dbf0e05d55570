#!/usr/bin/python3
"""a11ylint's label layout against Pango, an independent text engine on the same fontconfig and fonts.

For each case (a label, its language, direction and available width) this lays the label out
twice:
  - through `a11ylint layout SPEC --format json` (a checkbox spec written to a temp folder:
    Roboto 14 pt, `lang`, `layoutDirection`, width = label width + 32), reading
    `label.lineWidths`;
  - through Pango (GObject introspection, PangoFT2 font map: fontconfig, Pango's own
    itemization, font fallback and line breaking, HarfBuzz shaping) with the same family, size,
    language, base direction and width, wrapping PANGO_WRAP_WORD_CHAR (word breaks, a word
    wider than the line split between characters: what a11ylint does).
Line counts must agree, and every line's width to 0.01 pt. Pango counts a line's trailing
white space in its extents; a11ylint lets it hang, so the trailing white space's width (which
Pango also gives, character by character) is taken off Pango's line.

Pango works in integer 1/1024 units of a device pixel and HarfBuzz rounds every glyph's
advance to those units. At 72 dpi that is 0.001 pt per glyph, which over a 50-glyph line can
add up to the tolerance; the font map is therefore set to 7,200 dpi (1 pt = 100 px) and
Pango's figures divided by 100, so its rounding (1/102,400 pt a glyph) is far below it.
Glyph positions are not rounded to pixels (`set_round_glyph_positions(False)`).

One known difference between the engines (see docs/development.md, "Layout against Pango"):
  - Japanese line breaking. a11ylint breaks by ICU's rules for `ja`, which let a line start
    with a small kana or the prolonged sound mark (UAX #14 class CJ treated as ID: "normal"
    Japanese line breaking, what iOS and Android do); Pango 1.50 treats CJ as NS (UAX #14's
    default, "strict"), so it never breaks before them. When a `ja` case disagrees, the test
    still requires (1) every a11ylint line's width to agree with Pango's width of that line's
    text, and (2) the first break where the engines part to be a11ylint breaking before a CJ
    character that Pango would not break before; it is then reported as KNOWN, not a failure.
    Any other disagreement fails.

Cases: a fixed set per script (Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai,
Japanese, Chinese, Korean, emoji, mixed), each at widths from 60 to 400 pt, LTR and RTL, and
PANGO_CMP_COUNT (default 120) labels generated from PANGO_CMP_SEED (default 10) out of the
same phrase pools at random widths 60-400: run with another seed to see cases no one tuned
for.

Before it compares, the script checks that its comparison can fail: a copy of the results
with one line 0.011 pt wider, and one with a line dropped, must each be reported.

Usage: compare.py --a11ylint PATH [--verbose]. Exit 0: all agree; 1: a disagreement; 2: setup.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

try:
    import gi

    gi.require_version("Pango", "1.0")
    gi.require_version("PangoFT2", "1.0")
    from gi.repository import Pango, PangoFT2
except (ImportError, ValueError) as error:  # pragma: no cover
    print(f"pango comparison: Pango through GObject introspection is missing ({error}); "
          "run scripts/bootstrap (python3-gi, gir1.2-pango-1.0)", file=sys.stderr)
    sys.exit(2)

TOLERANCE = 0.01
FONT = "Roboto"
SIZE = 14.0
# Indicator 24 + gap 8: the label's available width is the component's width minus this.
INDICATOR = 32
DPI_SCALE = 100  # 7,200 dpi, see above

# Labels a design system ships, per script, with the language they are laid out in.
PHRASES = {
    "latin": ("en", ["Accept the terms and conditions", "Remember me on this device",
                     "Ich stimme den Nutzungsbedingungen zu", "J'accepte les conditions générales d'utilisation",
                     "Receive weekly newsletters, offers and event invitations by email"]),
    "cyrillic": ("ru", ["Я принимаю условия использования", "Запомнить меня на этом устройстве",
                        "Получать уведомления о новых сообщениях по электронной почте"]),
    "greek": ("el", ["Αποδέχομαι τους όρους χρήσης", "Να με θυμάσαι σε αυτή τη συσκευή",
                     "Θέλω να λαμβάνω ενημερώσεις για νέες προσφορές"]),
    "arabic": ("ar", ["أوافق على الشروط والأحكام", "تذكرني على هذا الجهاز",
                      "لديك 3 رسائل جديدة و12 إشعارا", "أرغب في تلقي العروض والأخبار عبر البريد الإلكتروني"]),
    "hebrew": ("he", ["אני מסכים לתנאי השימוש", "זכור אותי במכשיר הזה",
                      "שלחו לי עדכונים על מבצעים חדשים בדואר אלקטרוני"]),
    "devanagari": ("hi", ["मैं उपयोग की शर्तों से सहमत हूँ", "इस डिवाइस पर मुझे याद रखें",
                          "नए संदेशों के बारे में ईमेल से सूचनाएँ प्राप्त करें"]),
    "thai": ("th", ["ฉันยอมรับข้อกำหนดและเงื่อนไข", "จดจำฉันไว้ในอุปกรณ์นี้",
                    "รับการแจ้งเตือนทางอีเมลเมื่อมีข้อความใหม่"]),
    "japanese": ("ja", ["利用規約に同意します。", "このデバイスでログイン状態を保持する",
                        "新しいメッセージが届いたらメールで通知を受け取る"]),
    "chinese": ("zh-Hans", ["我同意使用条款和隐私政策", "在此设备上记住我", "有新消息时通过电子邮件通知我"]),
    "korean": ("ko", ["이용 약관에 동의합니다", "이 기기에서 로그인 상태 유지",
                      "새 메시지가 도착하면 이메일로 알림 받기"]),
    "emoji": ("en", ["Great job 🎉👍", "❤️ Favourite", "👨‍👩‍👧 Family plan", "Weather ☀️🌧️ today",
                     "🇫🇷 Français 🇯🇵 日本語", "Done ✅ 👍🏽", "Press 1️⃣ then #️⃣", "© 2026 Orange™ ↩︎"]),
    "mixed": ("en", ["Open 東京 map", "Version 2.1 — العربية", "Pay 12,50 € with Apple Pay"]),
}

WIDTHS = [60, 90, 130, 200, 260, 343, 400]



def cj_characters():
    """UAX #14 class CJ (small kana, prolonged sound mark) from Unicode's LineBreak.txt."""
    chars = set()
    for path in ("/usr/share/unicode/LineBreak.txt", "/usr/share/unicode-data/LineBreak.txt"):
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as file:
            for line in file:
                fields = line.split("#")[0].split(";")
                if len(fields) < 2 or fields[1].strip() != "CJ":
                    continue
                first, _, last = fields[0].strip().partition("..")
                for value in range(int(first, 16), int(last or first, 16) + 1):
                    chars.add(chr(value))
        return chars
    raise SystemExit("pango comparison: LineBreak.txt not found (scripts/bootstrap installs unicode-data)")


CJ = cj_characters()


def cases(seed, count):
    """The fixed cases, then `count` generated from `seed`."""
    out = []
    for script, (lang, phrases) in PHRASES.items():
        rtl = lang in ("ar", "he")
        for index, phrase in enumerate(phrases):
            # Each phrase on its own and two phrases run together (several lines at small widths).
            texts = [phrase, phrase + " " + phrases[(index + 1) % len(phrases)]]
            for k, text in enumerate(texts):
                for width in WIDTHS[(index + k) % 2::2]:
                    out.append({"script": script, "lang": lang, "text": text, "width": width,
                                "direction": "rtl" if rtl else "ltr"})
    rng = random.Random(seed)
    scripts = list(PHRASES)
    for _ in range(count):
        script = rng.choice(scripts)
        lang, phrases = PHRASES[script]
        text = " ".join(rng.choice(phrases) for _ in range(rng.randint(1, 3)))
        direction = "rtl" if lang in ("ar", "he") or rng.random() < 0.15 else "ltr"
        out.append({"script": script, "lang": lang, "text": text, "width": rng.randint(60, 400),
                    "direction": direction, "generated": True})
    return out


def a11ylint_lines(binary, folder, index, case):
    spec = {"name": "Label", "a11y": {
        "kind": "checkbox", "lang": case["lang"],
        "geometry": {"outerSize": 24, "innerSize": 20, "gap": 8},
        "typography": {"font": FONT, "size": SIZE, "lineHeight": 16, "maxLines": 0},
        "variants": [{"name": "case", "text": case["text"], "layoutDirection": case["direction"],
                      "width": case["width"] + INDICATOR}]}}
    path = os.path.join(folder, f"case{index}.json")
    with open(path, "w", encoding="utf-8") as file:
        json.dump(spec, file, ensure_ascii=False)
    result = subprocess.run([binary, "layout", path, "--format", "json"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"a11ylint layout exited {result.returncode}: {result.stderr.strip()}")
    label = json.loads(result.stdout)["label"]
    return label["lineWidths"] if label else []


LINE_ROW = re.compile(r'^  line \d+\s+\S+\s+(".*")$')


def a11ylint_line_texts(binary, folder, index):
    """The lines' texts, from `layout --format text` (JSON-quoted there)."""
    path = os.path.join(folder, f"case{index}.json")
    result = subprocess.run([binary, "layout", path, "--format", "text"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"a11ylint layout exited {result.returncode}: {result.stderr.strip()}")
    return [json.loads(match.group(1)) for match in map(LINE_ROW.match, result.stdout.splitlines()) if match]


def break_offsets(text, lines):
    """Character offsets where each line after the first starts (lines lack their hanging white space)."""
    offsets, position = [], 0
    for number, line in enumerate(lines):
        found = text.find(line, position)
        if found < 0:
            return None
        if number > 0:
            offsets.append(found)
        position = found + len(line)
    return offsets


HANGING = set("\t\n\u000b\u000c\r\u0085\u2028\u2029")


def hangs(char):
    """White space that hangs at a line's end, as a11ylint lets it (not the no-break spaces)."""
    import unicodedata
    if char in HANGING:
        return True
    if char in "\u00a0\u2007\u202f":
        return False
    return unicodedata.category(char) == "Zs"


class PangoEngine:
    def __init__(self):
        self.font_map = PangoFT2.FontMap.new()
        self.font_map.set_resolution(72 * DPI_SCALE, 72 * DPI_SCALE)

    def lines(self, case):
        context = Pango.Context()
        context.set_font_map(self.font_map)
        context.set_round_glyph_positions(False)
        context.set_language(Pango.Language.from_string(case["lang"]))
        context.set_base_dir(Pango.Direction.RTL if case["direction"] == "rtl" else Pango.Direction.LTR)
        layout = Pango.Layout.new(context)
        # The paragraph's direction from its first strong character (Pango's auto
        # direction, ICU's UBIDI_DEFAULT_LTR in a11ylint), whatever the component's direction.
        layout.set_auto_dir(True)
        description = Pango.FontDescription.from_string(FONT)
        description.set_size(int(round(SIZE * Pango.SCALE)))
        layout.set_font_description(description)
        text = case["text"]
        layout.set_text(text, -1)
        # Pango draws a hyphen where it splits a word; a11ylint (like UIKit's character
        # wrapping) does not.
        attributes = Pango.AttrList()
        attributes.insert(Pango.attr_insert_hyphens_new(False))
        layout.set_attributes(attributes)
        if case["width"] is not None:
            layout.set_width(int(round(case["width"] * DPI_SCALE * Pango.SCALE)))
            layout.set_wrap(Pango.WrapMode.WORD_CHAR)
        data = text.encode("utf-8")
        out = []
        for number in range(layout.get_line_count()):
            line = layout.get_line_readonly(number)
            _, logical = line.get_extents()
            width = logical.width
            # Trailing white space: Pango counts it, a11ylint lets it hang.
            end = line.start_index + line.length
            chars = data[line.start_index:end].decode("utf-8")
            offset = end
            for char in reversed(chars):
                if not hangs(char):
                    break
                offset -= len(char.encode("utf-8"))
                width -= abs(layout.index_to_pos(offset).width)
            out.append({"text": data[line.start_index:offset].decode("utf-8"),
                        "width": width / Pango.SCALE / DPI_SCALE})
        return out


def disagreement(result):
    """Why a case's line counts or widths disagree, or None."""
    ours, theirs = result["a11ylint"], [line["width"] for line in result["pango"]]
    if len(ours) != len(theirs):
        return f"{len(ours)} lines, Pango {len(theirs)}"
    worst = max((abs(a - b) for a, b in zip(ours, theirs)), default=0.0)
    if worst > TOLERANCE:
        return f"line widths differ by up to {worst:.4f} pt"
    return None


def known_japanese_difference(result, engine):
    """For a disagreeing `ja` case: None when it is the CJ line-break difference (see the top),
    else why not."""
    case, lines = result["case"], result.get("a11ylint_texts")
    if case["lang"] != "ja" or not lines or len(lines) != len(result["a11ylint"]):
        return "not a Japanese case whose lines could be read"
    for text, width in zip(lines, result["a11ylint"]):
        alone = engine.lines(dict(case, text=text, width=None))
        if len(alone) != 1 or abs(alone[0]["width"] - width) > TOLERANCE:
            return f"a11ylint's line {text!r} is {width:.4f} pt, Pango measures it {alone[0]['width']:.4f} pt"
    ours = break_offsets(case["text"], lines)
    theirs = break_offsets(case["text"], [line["text"] for line in result["pango"]])
    if ours is None or theirs is None:
        return "the lines are not the label's text in order"
    for a, p in zip(ours + [len(case["text"])], theirs + [len(case["text"])]):
        if a == p:
            continue
        if a > p and case["text"][a] in CJ:
            return None
        return f"the engines part at characters {a} (a11ylint) and {p} (Pango), not before a CJ character"
    return "no differing break found"


def disagreements(results, engine=None):
    """The cases whose line counts or line widths disagree (the known Japanese difference aside)."""
    bad = []
    for result in results:
        why = disagreement(result)
        if why and not (engine and result.get("known")):
            bad.append((result, why))
    return bad


def self_check(results, engine):
    """The comparison must catch a line 0.011 pt off and a line too many or too few, and a
    Japanese case must not pass as the known difference once a line is 0.011 pt off."""
    target = next((r for r in results if len(r["a11ylint"]) > 1 and not disagreement(r)), None)
    if target is None:
        return ["no agreeing multi-line case to doctor"]
    problems = []
    wider = dict(target, a11ylint=list(target["a11ylint"]))
    wider["a11ylint"][-1] += TOLERANCE * 1.1
    if not disagreements([wider]):
        problems.append("a line 0.011 pt wider was not caught")
    shorter = dict(target, a11ylint=target["a11ylint"][:-1])
    if not disagreements([shorter]):
        problems.append("a missing line was not caught")
    known = next((r for r in results if r.get("known")), None)
    if known is not None:
        doctored = dict(known, a11ylint=[known["a11ylint"][0] + TOLERANCE * 1.1] + known["a11ylint"][1:])
        if known_japanese_difference(doctored, engine) is None:
            problems.append("a Japanese line 0.011 pt off passed as the known difference")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a11ylint", required=True)
    parser.add_argument("--verbose", action="store_true", help="print every line, not only the disagreements")
    args = parser.parse_args()
    seed = int(os.environ.get("PANGO_CMP_SEED", "10"))
    count = int(os.environ.get("PANGO_CMP_COUNT", "120"))
    engine = PangoEngine()
    results = []
    with tempfile.TemporaryDirectory(prefix="a11ylint-pango-") as folder:
        for index, case in enumerate(cases(seed, count)):
            result = {"case": case, "a11ylint": a11ylint_lines(args.a11ylint, folder, index, case),
                      "pango": engine.lines(case)}
            if disagreement(result) and case["lang"] == "ja":
                result["a11ylint_texts"] = a11ylint_line_texts(args.a11ylint, folder, index)
                why_not = known_japanese_difference(result, engine)
                result["known"] = why_not is None
                result["why_not_known"] = why_not
            results.append(result)

    bad = disagreements(results, engine)
    known = [r for r in results if r.get("known")]
    bad_ids = {id(result) for result, _ in bad}
    print(f"{'script':<11}{'lang':<8}{'dir':<4}{'width':>6}  {'line':>4}  {'a11ylint':>10}  {'Pango':>10}  {'diff':>8}  text (Pango's line)")
    per_script = {}
    worst_overall = 0.0
    for result in results:
        case = result["case"]
        stats = per_script.setdefault(case["script"], {"cases": 0, "lines": 0, "worst": 0.0, "bad": 0})
        stats["cases"] += 1
        stats["bad"] += id(result) in bad_ids
        stats["known"] = stats.get("known", 0) + bool(result.get("known"))
        ours, theirs = result["a11ylint"], result["pango"]
        show = args.verbose or id(result) in bad_ids or result.get("known")
        for number in range(max(len(ours), len(theirs))):
            a = ours[number] if number < len(ours) else None
            b = theirs[number]["width"] if number < len(theirs) else None
            diff = abs(a - b) if a is not None and b is not None else None
            if diff is not None and not result.get("known"):
                stats["worst"] = max(stats["worst"], diff)
                worst_overall = max(worst_overall, diff)
                stats["lines"] += 1
            if show:
                text = theirs[number]["text"] if number < len(theirs) else ""
                print(f"{case['script']:<11}{case['lang']:<8}{case['direction']:<4}{case['width']:>6}  {number + 1:>4}  "
                      f"{'-' if a is None else f'{a:.4f}':>10}  {'-' if b is None else f'{b:.4f}':>10}  "
                      f"{'-' if diff is None else f'{diff:.4f}':>8}  {text}")
    print()
    print(f"{'script':<11}{'cases':>6}{'lines':>7}{'worst diff (pt)':>17}{'disagreeing':>13}{'known':>7}")
    for script, stats in per_script.items():
        print(f"{script:<11}{stats['cases']:>6}{stats['lines']:>7}{stats['worst']:>17.5f}{stats['bad']:>13}{stats['known']:>7}")
    total_lines = sum(s["lines"] for s in per_script.values())
    print(f"{len(results)} cases (seed {seed}), {total_lines} lines, worst line width difference {worst_overall:.5f} pt, "
          f"tolerance {TOLERANCE} pt (worst over cases that agree in line count and are not KNOWN); "
          f"{len(bad)} disagreeing, {len(known)} KNOWN (Japanese CJ line breaking, see the top of this file)")
    for result in known:
        case = result["case"]
        print(f"KNOWN: {case['script']} {case['lang']} width {case['width']}: {disagreement(result)}: "
              f"a11ylint breaks before a small kana or ー (ICU ja), Pango does not: {case['text']!r}")
    for result, why in bad:
        case = result["case"]
        extra = f" ({result['why_not_known']})" if result.get("why_not_known") else ""
        print(f"DISAGREE: {case['script']} {case['lang']} {case['direction']} width {case['width']}: {why}{extra}: "
              f"{case['text']!r}")

    problems = self_check(results, engine)
    for problem in problems:
        print(f"SELF-CHECK FAILED: {problem}")
    if not problems:
        print("self-check: a line 0.011 pt off, a missing line and a Japanese line 0.011 pt off are all caught")
    return 1 if bad or problems else 0


if __name__ == "__main__":
    sys.exit(main())
