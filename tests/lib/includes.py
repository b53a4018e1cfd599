#!/usr/bin/env python3
"""includes.py: the includes between the files of src/ (called by lint.sh).

  includes.py edges FILE...
      the file-level edges the objects do not show, for callgraph.sh
      --edges: "A edge B" when A includes "B" (B one of FILE...), and
      "H use NAME" when a static inline function of header H calls NAME,
      so that a header whose inline function calls into a .c file that
      includes that header is a cycle like any other.
  includes.py stages MAP ALLOW FILE...
      each file of FILE... stands in its stage's folder and includes no
      header of a later stage: MAP lists the stages in order, each a line
      "STAGE FOLDER PREFIX..." (a file belongs to the stage of the longest
      prefix its name starts with; FOLDER is where that stage's files
      stand, from the top of the tree); ALLOW lists the includes still
      accepted, a line "FILE HEADER" each with its reason after a '#'.  A
      file of no stage or out of its folder, a later stage's header
      included, or an ALLOW line that no longer matches is a finding.

Each finding is one line, FILE:LINE: WHAT; exit status 1 when there is one.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
INLINE_START = re.compile(r'\bstatic\s+inline\b[^;{]*\(')
CALL = re.compile(r'\b([A-Za-z_][A-Za-z0-9_]*)\s*\(')
NOT_CALLS = {'if', 'for', 'while', 'switch', 'return', 'sizeof', '_Alignof',
             '_Static_assert', 'defined'}


def blank_comments_and_strings(text):
    """The text with comments, strings and character constants blanked
    (newlines kept), so that braces and names are the code's own."""
    out = []
    i, n = 0, len(text)
    while i < n:
        two = text[i:i + 2]
        if two == '/*':
            end = text.find('*/', i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:end]))
            i = end
        elif two == '//':
            end = text.find('\n', i)
            end = n if end < 0 else end
            out.append(' ' * (end - i))
            i = end
        elif text[i] in '"\'':
            quote, j = text[i], i + 1
            while j < n and text[j] != quote and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(' ' * (j - i))
            i = j
        else:
            out.append(text[i])
            i += 1
    return ''.join(out)


def inline_calls(text):
    """The names the static inline functions of a header call."""
    code = blank_comments_and_strings(text)
    names = set()
    for start in INLINE_START.finditer(code):
        own = CALL.findall(start.group(0))[-1]
        brace = code.find('{', start.end())
        if brace < 0:
            continue
        depth, i = 0, brace
        while i < len(code):
            depth += {'{': 1, '}': -1}.get(code[i], 0)
            if depth == 0:
                break
            i += 1
        for name in CALL.findall(code[brace:i]):
            if name not in NOT_CALLS and name != own:
                names.add(name)
    return names


def includes_of(path):
    """(line number, header name) of each #include "..." of a file."""
    with open(path, encoding='utf-8', errors='replace') as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, os.path.basename(match.group(1))


def edges(files):
    known = {os.path.basename(f) for f in files}
    for path in files:
        name = os.path.basename(path)
        for _, header in includes_of(path):
            if header in known and header != name:
                print(name, 'edge', header)
        if name.endswith('.h'):
            with open(path, encoding='utf-8', errors='replace') as f:
                for called in sorted(inline_calls(f.read())):
                    print(name, 'use', called)
    return 0


def read_stage_map(path):
    """[(prefix, rank, stage, folder)], longest prefix first."""
    prefixes = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            words = line.split('#', 1)[0].split()
            if len(words) < 3:
                continue
            rank = len({stage for _, _, stage, _ in prefixes})
            stage, folder = words[0], os.path.normpath(words[1])
            prefixes += [(prefix, rank, stage, folder) for prefix in words[2:]]
    return sorted(prefixes, key=lambda p: -len(p[0]))


def stage_of(name, prefixes):
    """(rank, stage, folder) of the file named name, or None."""
    for prefix, rank, stage, folder in prefixes:
        if name.startswith(prefix):
            return rank, stage, folder
    return None


def misplaced(path, own):
    """A finding when path stands outside its stage's folder, else None."""
    folder = os.path.relpath(os.path.dirname(os.path.abspath(path)))
    if folder == own[2]:
        return None
    return (f'{path}:1: {os.path.basename(path)} ({own[1]}) stands in '
            f'{folder}/, not in {own[2]}/: git mv it there')


def read_allowed(path):
    """{(file, header): line number} of the accepted includes."""
    allowed = {}
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            words = line.split('#', 1)[0].split()
            if len(words) == 2:
                allowed[tuple(words)] = number
    return allowed


def stages(map_path, allow_path, files):
    prefixes = read_stage_map(map_path)
    allowed = read_allowed(allow_path)
    used = set()
    findings = []
    for path in files:
        name = os.path.basename(path)
        own = stage_of(name, prefixes)
        if own is None:
            findings.append(f'{path}:1: no stage of {map_path} holds {name}')
            continue
        wrong_folder = misplaced(path, own)
        if wrong_folder:
            findings.append(wrong_folder)
        for number, header in includes_of(path):
            theirs = stage_of(header, prefixes)
            if theirs is None:
                findings.append(f'{path}:{number}: no stage of {map_path} holds {header}')
            elif theirs[0] > own[0]:
                if (name, header) in allowed:
                    used.add((name, header))
                else:
                    findings.append(f'{path}:{number}: {name} ({own[1]}) includes '
                                    f'{header} of a later stage ({theirs[1]})')
    for pair, number in sorted(allowed.items(), key=lambda item: item[1]):
        if pair not in used:
            findings.append(f'{allow_path}:{number}: {pair[0]} includes {pair[1]} '
                            'no more, or it is no later stage: remove the line')
    for finding in findings:
        print(finding)
    return 1 if findings else 0


def main(argv):
    if len(argv) >= 2 and argv[1] == 'edges':
        return edges(argv[2:])
    if len(argv) >= 4 and argv[1] == 'stages':
        return stages(argv[2], argv[3], argv[4:])
    print(__doc__.strip().split('\n\n')[1], file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
