"""sgf-interop-norm.py FILE: gnubg's .mat export, normalised so that two of
them compare (tests/sgf-interop.sh): blanks squeezed, blank lines dropped;
each play's steps sorted, hit marks dropped (gnubg keeps the order of steps
a record gives it and marks a hit on the step that makes it in that order:
the same play, other text); header tags other than those gnubg's SGF holds
dropped, and EventDate too (gnubg's import gives a record without one
today's date)."""
import re
import sys

KEPT=('Site', 'Event', 'Round', 'Transcriber')
out=[]
for line in open(sys.argv[1],encoding='latin-1'):
    line=line.rstrip()
    m=re.match(r'; \[(\w[\w ]*) "',line)
    if m and m.group(1) not in KEPT: continue
    toks=line.split()
    if not toks: continue
    res = []
    grp = None
    for t in toks:
        if re.fullmatch(r'\d+/\d+\*?',t) and grp is not None:
            grp.append(t.rstrip('*'))
        else:
            if grp: res.extend(sorted(grp))
            grp=[] if re.fullmatch(r'\d\d:',t) else None
            res.append(t)
    if grp: res.extend(sorted(grp))
    out.append(' '.join(res))
print('\n'.join(out))
