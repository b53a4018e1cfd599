#!/usr/bin/env python3
"""source_names.py: what the names in src/ say, checked (called by lint.sh).

  source_names.py rules SRC MAN UNIT_DIR E2E_DIR
      every rule of SRC/rules.def has its entry under DIAGNOSTICS in MAN
      (".TP" then ".B slug"), a unit test that names it (its slug quoted or
      in brackets, or RULE_SLUG(NAME)) and a folder of e2e cases named
      after it (E2E_DIR/COMMAND/slug/) holding a case whose expected output
      shows it ("[slug]" or "rule":"slug"); and no code of SRC (or its
      folders) but rules.def writes a slug as a string where it names a rule.
  source_names.py comments SRC
      every function a comment of SRC (and its folders) names, as
      name_with_underscore(, is an identifier of their code.

Each finding is one line, FILE:LINE: WHAT; exit status 1 when there is one.
"""
import os
import re
import sys

RULE_LINE = re.compile(r'^RULE\(([A-Z_]+),\s*"([a-z-]+)"')
# A slug that is an ordinary word (score, cube) is also a key of the
# notations and of JSON; it names a rule where the code around it is about
# a rule: a severity or a `rule` variable on its line, or a severity
# ending the line before.
RULE_CONTEXT = re.compile(r'DIAG_(ERROR|WARNING|NOTE)\b|(\b|_)rule\s*(=[^=]|,|\))')
SEVERITY_END = re.compile(r'DIAG_(ERROR|WARNING|NOTE),\s*$')
COMMENT_NAME = re.compile(r'\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\(')
IDENTIFIER = re.compile(r'\b[A-Za-z_][A-Za-z0-9_]*\b')


def split_source(text):
    """The code and the comments of a C file, each a list of lines (the
    other's text blanked), so that line numbers stay."""
    code, comment = [], []
    state = 'code'
    i = 0
    code_line, comment_line = [], []
    while i < len(text):
        c = text[i]
        two = text[i:i + 2]
        if c == '\n':
            code.append(''.join(code_line))
            comment.append(''.join(comment_line))
            code_line, comment_line = [], []
            if state == 'line':
                state = 'code'
            i += 1
            continue
        if state == 'code':
            if two == '/*':
                state = 'block'
                i += 2
                continue
            if two == '//':
                state = 'line'
                i += 2
                continue
            if c in '"\'':
                quote = c
                j = i + 1
                while j < len(text) and text[j] != quote and text[j] != '\n':
                    j += 2 if text[j] == '\\' else 1
                code_line.append(text[i:j + 1])
                i = j + 1
                continue
            code_line.append(c)
        elif state == 'block':
            if two == '*/':
                state = 'code'
                i += 2
                continue
            comment_line.append(c)
        else:
            comment_line.append(c)
        i += 1
    code.append(''.join(code_line))
    comment.append(''.join(comment_line))
    return code, comment


def sources(src):
    """(path, (code, comment)) of each source of SRC and its folders."""
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(('.c', '.h', '.def')):
                path = os.path.join(root, name)
                with open(path, encoding='utf-8', errors='replace') as f:
                    yield path, split_source(f.read())


def registry(src):
    rules = []
    with open(os.path.join(src, 'rules.def'), encoding='utf-8') as f:
        for line in f:
            m = RULE_LINE.match(line)
            if m:
                rules.append((m.group(1), m.group(2)))
    return rules


def man_entries(man):
    entries, section, previous = set(), None, ''
    with open(man, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('.SH '):
                section = line[4:].strip('"')
            elif section == 'DIAGNOSTICS' and previous == '.TP' and line.startswith('.B '):
                entries.add(line[3:].replace('\\-', '-').strip())
            previous = line
    return entries


def texts_under(folder, suffixes):
    for root, _dirs, files in os.walk(folder):
        for name in files:
            if name.endswith(suffixes):
                with open(os.path.join(root, name), encoding='utf-8', errors='replace') as f:
                    yield f.read()


def rule_folders(e2e_dir, slug):
    """The folders of cases named after SLUG, one level under a command's."""
    found = []
    for command in sorted(os.listdir(e2e_dir)):
        folder = os.path.join(e2e_dir, command, slug)
        if os.path.isdir(folder) and not os.path.islink(folder):
            found.append(folder)
    return found


def shows_rule(folder, slug):
    """Whether a case of FOLDER (NAME.status beside its output) shows SLUG."""
    names = os.listdir(folder)
    cases = {n[:-len('.status')] for n in names if n.endswith('.status')}
    for name in names:
        stem, dot, suffix = name.rpartition('.')
        if dot and stem in cases and suffix in ('expected', 'match', 'stderr'):
            with open(os.path.join(folder, name), encoding='utf-8', errors='replace') as f:
                text = f.read()
            if f'[{slug}]' in text or re.search(rf'"rule": ?"{slug}"', text):
                return True
    return False


def check_rules(src, man, unit_dir, e2e_dir):
    findings = []
    rules = registry(src)
    if not rules:
        return [f'{src}/rules.def:1: no RULE(NAME, "slug", ...) line']
    entries = man_entries(man)
    units = list(texts_under(unit_dir, ('.c', '.h')))
    for name, slug in rules:
        where = f'{src}/rules.def: rule {slug}'
        if slug not in entries:
            findings.append(f'{where}: no ".TP" ".B {slug}" entry under DIAGNOSTICS in {man}')
        if not any(f'"{slug}"' in t or f'[{slug}]' in t or f'RULE_SLUG({name})' in t
                   for t in units):
            findings.append(f'{where}: no unit test in {unit_dir} names it')
        folders = rule_folders(e2e_dir, slug)
        if not folders:
            findings.append(f'{where}: no folder {e2e_dir}/COMMAND/{slug}/ of e2e cases')
        elif not any(shows_rule(folder, slug) for folder in folders):
            findings.append(f'{where}: no e2e case in {" or ".join(folders)} shows it')
    slugs = {slug: name for name, slug in rules}
    literal = re.compile(r'"(' + '|'.join(re.escape(s) for s in slugs) + r')"')
    for path, (code, _comment) in sources(src):
        if path.endswith('rules.def'):
            continue
        for number, line in enumerate(code, 1):
            for m in literal.finditer(line):
                slug = m.group(1)
                before = code[number - 2] if number > 1 else ''
                if '-' in slug or RULE_CONTEXT.search(line) or SEVERITY_END.search(before):
                    findings.append(f'{path}:{number}: the rule "{slug}" written as a string: '
                                    f'RULE_SLUG({slugs[slug]}) (rules.h)')
    return findings


def check_comments(src):
    named, known = [], set()
    for path, (code, comment) in sources(src):
        for line in code:
            known.update(IDENTIFIER.findall(re.sub(r'"(\\.|[^"\\])*"', '""', line)))
        for number, line in enumerate(comment, 1):
            for m in COMMENT_NAME.finditer(line):
                named.append((path, number, m.group(1)))
    return [f'{path}:{number}: the comment names {name}(), which src/ does not have'
            for path, number, name in named if name not in known]


def main(argv):
    if len(argv) == 6 and argv[1] == 'rules':
        findings = check_rules(*argv[2:])
    elif len(argv) == 3 and argv[1] == 'comments':
        findings = check_comments(argv[2])
    else:
        print(__doc__.strip().split('\n\n')[0], file=sys.stderr)
        return 2
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
