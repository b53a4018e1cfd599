#!/usr/bin/env python3
"""annotate_html_agree.py — what an annotate HTML page says against the
record and against `check --format json` (tests/annotate-html.sh).

    annotate_html_agree.py PAGE RECORD CHECK_JSON

For every error and warning of the page:
  - its "Played" line shows the play as the record wrote it: the text of
    the roll's cell (after its dice, up to the gap before the next cell)
    at the problem's line and column, read here from the record itself;
    a cell with no play written shows "nothing (no play)";
  - where the play broke a rule of moving, its arrows are the moves as
    written (dashed, class "written"), one a step written;
  - its legal plays and its "and N more" add up to every legal play check
    reports for it (its `legal` array; a shortened text list ends
    "... (N plays in all)").
Prints one line per disagreement; exits 1 if there is any.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

XHTML = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"
# The rules that say the written play is not a legal one.
PLAY_RULES = ("illegal-move", "unplayed-dice", "wrong-bear-off")


def text_of(element):
    return "".join(element.itertext()) if element is not None else ""


def written_cell(lines, line, column):
    """The play of the roll whose cell holds `column` of `line`, as written."""
    text = lines[line - 1]
    dice = [m for m in re.finditer(r"\b\d\d:", text) if m.start() <= column - 1]
    if not dice:
        return None
    rest = text[dice[-1].end():]
    return re.split(r"\s{3,}", rest, maxsplit=1)[0].strip()


def legal_total(legal):
    if isinstance(legal, list):  # check's JSON lists every legal play
        return len(legal)
    pieces = legal.split(" | ")
    m = re.fullmatch(r"\.\.\. \((\d+) plays in all\)", pieces[-1])
    return int(m.group(1)) if m else len(pieces)


def problems(page):
    root = ET.fromstring(open(page, encoding="utf-8").read().split("\n", 1)[1])
    for div in root.iter(XHTML + "div"):
        classes = div.get("class", "").split()
        if classes[:1] != ["problem"] or classes[1] not in ("error", "warning"):
            continue
        head = div.find(XHTML + "p")
        m = re.match(r"line (\d+):(\d+): .*\[([a-z-]+)\]$", text_of(head).strip(), re.S)
        yield div, (int(m.group(1)), int(m.group(2)), m.group(3)) if m else None


def shown_play(p):
    """The play a "Played" line shows: its <code>, else its words."""
    code = p.find(XHTML + "code")
    if code is not None:
        return text_of(code)
    words = text_of(p).split(": ", 1)[-1].strip()
    return "" if words == "nothing (no play)" else words  # an empty cell


def check_played(div, place, lines, say):
    played = [p for p in div.iter(XHTML + "p") if text_of(p).startswith("Played")]
    if not played or place is None:
        return
    shown = shown_play(played[0])
    expected = written_cell(lines, place[0], place[1])
    if shown != expected:
        say("line %d:%d: Played shows %r, the record wrote %r" % (place[0], place[1],
                                                                  shown, expected))
    if place[2] in PLAY_RULES and expected:
        check_arrows(div, place, expected, say)


def steps_written(play):
    """The steps a written play makes: "24/18/13" two, "6/4(2)" two."""
    steps = 0
    for move in play.split():
        m = re.search(r"\((\d+)\)$", move)
        steps += move.count("/") * (int(m.group(1)) if m else 1)
    return steps


def check_arrows(div, place, written, say):
    arrows = [l.get("class", "").split() for l in div.iter(SVG + "line")
              if "arrow" in l.get("class", "").split()]
    dashed = [a for a in arrows if "written" in a]
    if len(dashed) != len(arrows) or len(arrows) != steps_written(written):
        say("line %d:%d: %d arrows, %d of them dashed, for the %d steps written" % (
            place[0], place[1], len(arrows), len(dashed), steps_written(written)))


def check_legal(div, place, legal, say):
    items = [text_of(li) for ul in div.iter(XHTML + "ul") if ul.get("class") == "legal"
             for li in ul.iter(XHTML + "li")]
    if place is None or not legal.get(place):
        if items:
            say("line %s: legal plays listed that check does not report" % (place,))
        return
    total = legal_total(legal[place].pop(0))
    more = [int(m.group(1)) for m in (re.fullmatch(r"and (\d+) more", t) for t in items) if m]
    listed = len(items) - len(more)
    if listed + sum(more) != total:
        say("line %d:%d: %d legal plays listed and %s more, check reports %d" % (
            place[0], place[1], listed, more[0] if more else 0, total))


def main():
    page, record, check = sys.argv[1:4]
    lines = open(record, encoding="utf-8", errors="replace").read().split("\n")
    legal = {}
    for row in open(check, encoding="utf-8"):
        d = json.loads(row)
        if d.get("legal"):
            legal.setdefault((d["line"], d["column"], d["rule"]), []).append(d["legal"])
    wrong = []
    for div, place in problems(page):
        check_played(div, place, lines, wrong.append)
        check_legal(div, place, legal, wrong.append)
    for w in wrong:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
