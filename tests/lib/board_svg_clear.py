"""board_svg_clear.py PAGE: every SVG board of an annotate HTML page is
drawn without a checker over another.  A checker is a <circle> of class
x or o; two of one board overlap when their centres stand closer than
their radii summed.  Each must lie inside the board's frame (the felt),
and each count (<text> of class nx or no) must stand on a checker of its
own colour.  Prints "N boards, M checkers"; exits 1 naming the first
clash."""
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def checkers(svg):
    for c in svg.iter(SVG + "circle"):
        if c.get("class") in ("x", "o"):
            yield (c.get("class"), float(c.get("cx")), float(c.get("cy")), float(c.get("r")))


def felt(svg):
    r = next(r for r in svg.iter(SVG + "rect") if r.get("class") == "felt")
    x, y = float(r.get("x")), float(r.get("y"))
    return x, y, x + float(r.get("width")), y + float(r.get("height"))


def check_board(svg, number):
    stones = list(checkers(svg))
    left, top, right, bottom = felt(svg)
    for i, (who, x, y, r) in enumerate(stones):
        if x - r < left or x + r > right or y - r < top or y + r > bottom:
            raise SystemExit("board %d: a checker at %g,%g lies outside the board" % (number, x, y))
        for who2, x2, y2, r2 in stones[i + 1:]:
            if (x - x2) ** 2 + (y - y2) ** 2 < (r + r2) ** 2 - 1e-6:
                raise SystemExit("board %d: the checkers at %g,%g and %g,%g overlap"
                                 % (number, x, y, x2, y2))
    for t in svg.iter(SVG + "text"):
        kind = t.get("class")
        if kind not in ("nx", "no"):
            continue
        tx, ty = float(t.get("x")), float(t.get("y"))
        if not any(who == kind[1] and (tx - x) ** 2 + (ty - y) ** 2 <= r * r
                   for who, x, y, r in stones):
            raise SystemExit("board %d: the count %s at %g,%g stands on no checker of its own"
                             % (number, t.text, tx, ty))
    return len(stones)


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    root = ET.fromstring(text.split("\n", 1)[1])  # the doctype line is not XML
    boards = [s for s in root.iter(SVG + "svg") if s.get("class") == "board"]
    stones = sum(check_board(svg, n + 1) for n, svg in enumerate(boards))
    print("%d boards, %d checkers" % (len(boards), stones))


main()
