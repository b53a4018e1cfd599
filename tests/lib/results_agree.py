#!/usr/bin/env python3
"""results_agree.py — for tests/results.sh: the result of every game that
`bgmatch convert` writes agrees with the record's own score lines, and the
SGF carries each game's starting score.

    results_agree.py LIST

LIST has one line per record: LABEL <tab> JSON_FILE <tab> SGF_FILE, the
record converted with `--to json` and `--to sgf`.  One output line per
record, "ok<tab>LABEL<tab>WHAT WAS COMPARED" or "FAIL<tab>LABEL<tab>WHY",
which the shell script counts; a line starting with '#' is a remark.

In each match of the JSON (one document a match):
  - a game with a result, followed by another game: the result's winner
    gets the result's points and the other player nothing, exactly what the
    next game's score line adds to this game's (games[].score);
  - a game with no result, followed by another: the next score line adds
    nothing;
  - the last game, when its `Wins` line says "and the match": it has a
    result and its winner's score plus the points reaches the length.
In the SGF, one game tree per game of the JSON, in order: its
MI[length:L][game:G][ws:A][bs:B] says the match's length, the game's index
in its match (from 0) and the game's score line (White the left player,
ws its score; gnubg loads each game at that score).
Only the standard library: any python3 runs it.
"""
import json
import re
import sys

MI = re.compile(r"^\(;FF\[4\]GM\[6\][^\n]*?MI\[length:(\d+)\]\[game:(\d+)\]"
                r"\[ws:(\d+)\]\[bs:(\d+)\]", re.M)


def documents(text):
    """The JSON documents of a stream, one after another."""
    decoder = json.JSONDecoder()
    at, found = 0, []
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return found
        value, at = decoder.raw_decode(text, at)
        found.append(value)


def player_index(players, who):
    """0 or 1: the writer names a player, or numbers it when both names
    are the same."""
    if isinstance(who, int):
        return who
    return players.index(who)


def says_and_the_match(game):
    return any(isinstance(a, list) and len(a) >= 4 and a[1] == "wins" and a[-1] == "match"
               for a in game.get("actions", []))


def check_match(number, doc, problems):
    """The results of one match against its score lines; its game count
    and whether its last game says "and the match"."""
    length = doc["match"]["length"]
    players = doc["match"]["players"]
    games = doc["games"]
    and_match = False
    for i, game in enumerate(games):
        where = "match %d game %d" % (number, game["game"])
        score = game["score"]
        result = game.get("result")
        winner = points = None
        if result is not None:
            try:
                winner = player_index(players, result["winner"])
            except ValueError:
                problems.append("%s: the winner %r is no player" % (where, result["winner"]))
                continue
            points = result.get("points")
        if i + 1 < len(games):
            following = games[i + 1]["score"]
            credited = [following[0] - score[0], following[1] - score[1]]
            if result is None:
                expected = [0, 0]
            elif points is None:
                problems.append("%s: won by %s, points unknown; the next score line credits "
                                "%d-%d" % (where, players[winner], *credited))
                continue
            else:
                expected = [0, 0]
                expected[winner] = points
            if credited != expected:
                said = ("no result" if result is None else
                        "%s wins %d" % (players[winner], points))
                problems.append("%s: %s, but the next score line (%d-%d after %d-%d) "
                                "credits %d-%d" % (where, said, *following, *score,
                                                   *credited))
        elif says_and_the_match(game):
            and_match = True
            if result is None or points is None:
                problems.append("%s: says \"and the match\" but has no result with points"
                                % where)
            elif length <= 0 or score[winner] + points < length:
                problems.append("%s: says \"and the match\", but %s has %d + %d of %d"
                                % (where, players[winner], score[winner], points, length))
    return len(games), and_match


def check_record(label, json_path, sgf_path):
    problems = []
    with open(json_path, encoding="utf-8") as f:
        docs = documents(f.read())
    with open(sgf_path, encoding="utf-8") as f:
        trees = [tuple(int(n) for n in m.groups()) for m in MI.finditer(f.read())]
    if not docs:
        return "FAIL", "convert --to json wrote no match"
    games = matches_won = 0
    expected_trees = []
    for number, doc in enumerate(docs, 1):
        count, and_match = check_match(number, doc, problems)
        games += count
        matches_won += and_match
        expected_trees += [(doc["match"]["length"], i, g["score"][0], g["score"][1])
                           for i, g in enumerate(doc["games"])]
    if len(trees) != len(expected_trees):
        problems.append("the SGF has %d game trees with MI, the JSON %d games"
                        % (len(trees), len(expected_trees)))
    else:
        for tree, want in zip(trees, expected_trees):
            if tree != want:
                problems.append("SGF MI[length:%d][game:%d][ws:%d][bs:%d], the record's "
                                "game says length %d, game %d, score %d-%d" % (*tree, *want))
                break
    if problems:
        more = len(problems) - 3
        return "FAIL", "; ".join(problems[:3]) + ("; and %d more" % more if more > 0 else "")
    return "ok", "%d matches, %d games, %d \"and the match\"" % (len(docs), games, matches_won)


def main():
    with open(sys.argv[1], encoding="utf-8") as listing:
        for line in listing:
            label, json_path, sgf_path = line.rstrip("\n").split("\t")
            try:
                verdict, what = check_record(label, json_path, sgf_path)
            except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
                verdict, what = "FAIL", "unreadable conversion: %s" % error
            print("%s\t%s\t%s" % (verdict, label, what.replace("\n", " ")))


if __name__ == "__main__":
    main()
