#!/usr/bin/env bash
# annotate-html.sh — `bgmatch annotate --format html` on every broken
# sample: the page is well-formed (XML, and balanced to an HTML parser),
# self-contained (no script, nothing fetched), lists exactly the errors and
# warnings `check --format json` reports, each with its SVG board (every
# position of these samples is known: a game that stops unfinished shows
# where it stopped); a record whose only error is a syntax error has its
# board too (the position where the unreadable text was expected); each
# "Played" line is the play as the record wrote
# it (the cell's own text, read from the record: never a legal play the
# record did not write) and each problem's legal plays and "and N more"
# add up to the plays check reports (tests/lib/annotate_html_agree.py); a
# player's name is escaped; a .xg's page lists the match as convert --to
# mat writes it, each problem under its play with its board; no checker
# of any board is drawn over another or outside the board, each stack's
# count stands on its own checker, and a board with a stack of seven
# shows its dice and a caption naming the match, the cube and the
# Crawford game (tests/lib/board_svg_clear.py); a folder is one page, a
# table of its files on top linked to their sections; and headless
# Chromium renders a page and the folder's to non-trivial PNGs with no
# console error.
#
#   tests/annotate-html.sh [BIN] [WORKDIR]
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/lib/tally.sh"
bin=${1:-build/bgmatch}
work=${2:-build/annotate-html}
mkdir -p "$work"

# Well-formed XML and tags balanced as an HTML parser reads them; prints
# "problems boards svgs" (divs of class problem, those with a board, <svg>).
inspect() {
  python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
from html.parser import HTMLParser
text = open(sys.argv[1], encoding="utf-8").read()
ET.fromstring(text.split("\n", 1)[1])  # the doctype line is not XML
VOID = {"meta", "br", "img", "link", "input", "hr"}
class Balance(HTMLParser):
    def __init__(self):
        super().__init__(); self.stack = []
    def handle_starttag(self, tag, attrs):
        if tag not in VOID: self.stack.append(tag)
    def handle_startendtag(self, tag, attrs): pass
    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            raise SystemExit("unbalanced </%s>" % tag)
b = Balance(); b.feed(text); b.close()
if b.stack: raise SystemExit("unclosed: %s" % b.stack)
root = ET.fromstring(text.split("\n", 1)[1])
ns = "{http://www.w3.org/1999/xhtml}"
problems = [d for d in root.iter(ns + "div") if d.get("class", "").split()[:1] == ["problem"]
            and d.get("class").split()[1] in ("error", "warning")]
boards = [d for d in problems if d.get("data-board") == "yes"]
with_svg = [d for d in boards if d.find("{http://www.w3.org/2000/svg}svg") is not None]
print(len(problems), len(boards), text.count("<svg"), len(with_svg))
PY
}

for mat in samples/broken/*.mat; do
  name=$(basename "$mat" .mat)
  html=$work/$name.html
  "$bin" annotate --format html -o "$html" "$mat"
  status=$?
  if [[ $status -gt 1 || ! -s $html ]]; then
    verdict FAIL "annotate-html $name" "status $status, no page"
    continue
  fi
  if ! counts=$(inspect "$html" 2>&1); then
    verdict FAIL "annotate-html $name" "not well-formed: $counts"
    continue
  fi
  read -r problems boards svgs placed <<<"$counts"
  expected=$("$bin" check --format json "$mat" 2>/dev/null | grep -c -E '"severity":"(error|warning)"')
  if grep -q -i -E '<script|<link|<iframe|src="|href="(https?:|//)' "$html"; then
    verdict FAIL "annotate-html $name" "a script or an outside reference"
  elif [[ $problems -ne $expected ]]; then
    verdict FAIL "annotate-html $name" "$problems problems listed, check reports $expected"
  elif [[ $svgs -ne $boards || $placed -ne $boards ]]; then
    verdict FAIL "annotate-html $name" "$svgs <svg> for $boards problems with a board"
  elif [[ $boards -ne $problems ]]; then
    verdict FAIL "annotate-html $name" "$boards boards for $problems problems"
  else
    verdict ok "annotate-html $name ($problems problems, $svgs boards)"
  fi
  if clash=$(python3 "$here/lib/board_svg_clear.py" "$html" 2>&1); then
    verdict ok "annotate-html $name: no checker over another ($clash)"
  else
    verdict FAIL "annotate-html $name: no checker over another" "$(head -n 3 <<<"$clash")"
  fi
  "$bin" check --format json "$mat" >"$work/$name.json" 2>/dev/null
  if disagree=$(python3 "$here/lib/annotate_html_agree.py" "$html" "$mat" "$work/$name.json" 2>&1); then
    verdict ok "annotate-html $name says what the record says"
  else
    verdict FAIL "annotate-html $name says what the record says" "$(head -n 3 <<<"$disagree")"
  fi
done

# A board per problem where the position is known: illegal-move's one.
read -r _ boards _ _ <<<"$(inspect "$work/illegal-move.html" 2>/dev/null)"
if [[ ${boards:-0} -eq 1 ]]; then
  verdict ok "annotate-html illegal-move has its board"
else
  verdict FAIL "annotate-html illegal-move has its board" "${boards:-0} boards"
fi

# A syntax error is a problem like any other: its board is the position
# where what could not be read was expected.  Two records whose only
# error is one: illegal-move.mat with its 7/4 made legal, and then junk in
# a cell after its play, or a line that is no move.
legal_sed='53s|7/4 6/3|6/3 6/3|'
syntax_case() {
  local name=$1 edit=$2 html=$work/$1.html problems boards
  sed -e "$legal_sed" -e "$edit" samples/broken/illegal-move.mat >"$work/$name.mat"
  "$bin" annotate --format html -o "$html" "$work/$name.mat"
  read -r problems boards _ _ <<<"$(inspect "$html" 2>/dev/null)"
  rules=$("$bin" check --format json "$work/$name.mat" 2>/dev/null | grep -o '"rule":"[a-z-]*"' | sort -u)
  if [[ $rules != '"rule":"syntax"' ]]; then
    verdict FAIL "annotate-html $name has its board" "the record's problems are not syntax alone: $rules"
  elif [[ ${problems:-0} -ne 1 || ${boards:-0} -ne 1 ]]; then
    verdict FAIL "annotate-html $name has its board" "${boards:-0} boards for ${problems:-0} problems"
  else
    verdict ok "annotate-html $name has its board"
  fi
}
syntax_case syntax-in-cell '45s|.*|  7) 62: 25/23  blah blah %%% 21: 6/4* 4/3|'
syntax_case syntax-line '45a\  this line is no move at all'

# A .xg has no lines: its page lists the match as convert --to mat writes
# it, each problem, named by game and play, right under the line of its
# play, with its board (tests/e2e/cases/annotate/xg-places.xg: game 2 opens with a
# play its dice do not make, game 3 stops unfinished).
xg_listing() {
  python3 - "$1" "$2" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/1999/xhtml}"
text = open(sys.argv[1], encoding="utf-8").read()
root = ET.fromstring(text.split("\n", 1)[1])
listing = next(d for d in root.iter(ns + "div") if d.get("class") == "listing")
lines, under = [], []
for div in listing:
    kind = div.get("class", "").split()
    if kind[0] == "line":
        lines.append("".join(div.itertext())[len(div.find(ns + "span").text):])
    elif kind[0] == "problem" and kind[1] != "note":
        place = "".join(div.find(ns + "p").itertext()).split(":")[0]
        under.append("%s under %s" % (place, lines[-1].strip() if lines else "nothing"))
mat = open(sys.argv[2], encoding="utf-8").read().split("\n")[:-1]
if lines != mat:
    raise SystemExit("the listing is not convert --to mat's text")
print("; ".join(under))
PY
}
xg=tests/e2e/cases/annotate/xg-places.xg
"$bin" annotate --format html -o "$work/xg-places.html" "$xg"
"$bin" convert --to mat "$xg" >"$work/xg-places.mat" 2>/dev/null
read -r problems boards svgs placed <<<"$(inspect "$work/xg-places.html" 2>/dev/null)"
expected='game 2, play 1 under 1)                             31: 8/5 6/4; game 3, play 1 under 1) 61: 13/7 8/7'
if ! under=$(xg_listing "$work/xg-places.html" "$work/xg-places.mat" 2>&1); then
  verdict FAIL "annotate-html lists a .xg as its .mat" "$(tail -n 1 <<<"$under")"
elif [[ $under != "$expected" ]]; then
  verdict FAIL "annotate-html lists a .xg as its .mat" "problems: $under"
elif [[ ${problems:-0} -ne 2 || ${boards:-0} -ne 2 || ${placed:-0} -ne 2 ]]; then
  verdict FAIL "annotate-html lists a .xg as its .mat" "${placed:-0} boards for ${problems:-0} problems"
else
  verdict ok "annotate-html lists a .xg as its .mat, each problem under its play, with its board"
fi

# A stack taller than five, in the Crawford game: bgstudio-style.mat's
# game 2 with a bear-off its die does not make at line 60 (O has seven on
# a point there).
sed '60s|31: 8/5 1/off|31: 8/5 2/off|' samples/bgstudio-style.mat >"$work/tall-stack.mat"
"$bin" annotate --format html -o "$work/tall-stack.html" "$work/tall-stack.mat"
if ! clash=$(python3 "$here/lib/board_svg_clear.py" "$work/tall-stack.html" 2>&1); then
  verdict FAIL "annotate-html tall stack" "$(head -n 3 <<<"$clash")"
elif ! grep -q '<text[^>]*class="no">7</text>' "$work/tall-stack.html"; then
  verdict FAIL "annotate-html tall stack" "no count 7 on the stack"
elif ! grep -q 'class="cap match">3-point match, cube 1 centred, Crawford game<' "$work/tall-stack.html"; then
  verdict FAIL "annotate-html tall stack" "the caption does not name the match and the Crawford game"
elif ! grep -q '<title>the roll: 31</title>' "$work/tall-stack.html"; then
  verdict FAIL "annotate-html tall stack" "no dice"
else
  verdict ok "annotate-html tall stack: a count, the dice and the caption ($clash)"
fi

# A folder is one page: a table of its files on top, each row linked to
# its file's section (ids unique in the page), the page well-formed, no
# checker of its boards over another; a file that is no record (a binary
# one: unreadable) is one row of its table, never its bytes.
folder=$work/folder
rm -rf "$folder" && mkdir -p "$folder"
cp samples/broken/*.mat "$folder/"
cp tests/e2e/cases/annotate/picture.mat "$folder/photo of the board.mat"
"$bin" annotate --format html -o "$work/folder.html" "$folder" 2>/dev/null
files=$(ls "$folder" | wc -l)
if ! counts=$(inspect "$work/folder.html" 2>&1); then
  verdict FAIL "annotate-html folder page" "not well-formed: $counts"
elif ! links=$(python3 - "$work/folder.html" "$files" <<'PY' 2>&1
import sys, re, collections
text = open(sys.argv[1], encoding="utf-8").read()
ids = re.findall(r' id="([^"]+)"', text)
twice = [i for i, n in collections.Counter(ids).items() if n > 1]
if twice: raise SystemExit("ids used twice: %s" % twice[:3])
rows = re.findall(r'<tr class="([a-z-]+)"><td>(?:<a href="#([^"]+)">)?', text)
if len(rows) != int(sys.argv[2]): raise SystemExit("%d rows for %s files" % (len(rows), sys.argv[2]))
for verdict, target in rows:
    if verdict != "unreadable" and '<section id="%s">' % target not in text:
        raise SystemExit("no section %s" % target)
# the picture is binary: unreadable, one row and no section of its bytes
if [v for v, _ in rows].count("unreadable") != 1: raise SystemExit("the picture is not one row")
print(" ".join(sorted(set(v for v, _ in rows))))
PY
); then
  verdict FAIL "annotate-html folder page" "$links"
elif ! clash=$(python3 "$here/lib/board_svg_clear.py" "$work/folder.html" 2>&1); then
  verdict FAIL "annotate-html folder page" "$(head -n 3 <<<"$clash")"
else
  verdict ok "annotate-html folder page: $files files in its table ($links), $clash"
fi

# A name from the record is text, never markup.
sed 's/Zoë/<script>alert(1)<\/script>/g' samples/broken/illegal-move.mat >"$work/evil.mat"
"$bin" annotate --format html -o "$work/evil.html" "$work/evil.mat"
if grep -q -F '<script' "$work/evil.html"; then
  verdict FAIL "annotate-html escapes names" "<script> in the page"
elif ! grep -q -F '&lt;script&gt;alert(1)&lt;/script&gt;' "$work/evil.html"; then
  verdict FAIL "annotate-html escapes names" "the name is not in the page, escaped"
elif ! inspect "$work/evil.html" >/dev/null 2>&1; then
  verdict FAIL "annotate-html escapes names" "not well-formed"
else
  verdict ok "annotate-html escapes names"
fi

# The page as a browser draws it.
chromium=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $chromium ]]; then
  skip_tool chromium "annotate-html renders in Chromium" "chromium is not installed"
else
  png=$work/report.png
  rm -f "$png"
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --enable-logging=stderr \
    --v=0 --screenshot="$png" --window-size=1200,1600 \
    "file://$(cd "$work" && pwd)/illegal-move.html" >"$work/chromium.log" 2>&1
  size=$(stat -c %s "$png" 2>/dev/null || echo 0)
  if [[ $size -lt 20000 ]] || ! head -c 8 "$png" | grep -q PNG; then
    verdict FAIL "annotate-html renders in Chromium" "no PNG or a trivial one ($size bytes)"
  elif grep -E "Uncaught|CONSOLE" "$work/chromium.log"; then
    verdict FAIL "annotate-html renders in Chromium" "console errors"
  else
    verdict ok "annotate-html renders in Chromium ($size-byte PNG)"
  fi
  png=$work/folder.png
  rm -f "$png"
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --enable-logging=stderr \
    --v=0 --screenshot="$png" --window-size=1000,1500 \
    "file://$(cd "$work" && pwd)/folder.html" >"$work/chromium-folder.log" 2>&1
  size=$(stat -c %s "$png" 2>/dev/null || echo 0)
  if [[ $size -lt 20000 ]] || ! head -c 8 "$png" | grep -q PNG; then
    verdict FAIL "annotate-html folder page renders in Chromium" "no PNG or a trivial one ($size bytes)"
  elif grep -E "Uncaught|CONSOLE" "$work/chromium-folder.log"; then
    verdict FAIL "annotate-html folder page renders in Chromium" "console errors"
  else
    verdict ok "annotate-html folder page renders in Chromium ($size-byte PNG, $png)"
  fi
fi
tally_end
