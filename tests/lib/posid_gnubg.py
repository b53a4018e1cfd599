# posid_gnubg.py — run inside GNU Backgammon (gnubg -t -q -r -p) by
# tests/posid-gnubg.sh: imports the .mat named by $POSID_RECORD and prints,
# for every play (a move record: one turn with dice) of every game, the
# Position ID and Match ID GNU Backgammon shows for the position before the
# play with its dice rolled:
#   ID GAME PLAY POSITION-ID MATCH-ID
# GAME and PLAY count from 1, as `bgmatch show --game --play` does.
# gnubg's "next roll" steps through a game alternately to the position
# after a play (no dice) and to the next roll (dice shown, not played): the
# state wanted is the one whose position is the record's own 'board' and
# whose dice are the record's.  gnubg's matchid() then is the ID its board
# shows (its Python cubeinfo drops a money session's score, so the ID is
# not rebuilt from it).
import os

import gnubg

STEPS = 8  # "next roll" steps allowed between two plays

gnubg.command('import mat ' + os.environ['POSID_RECORD'])
games = gnubg.match()['games']


def at_roll(record):
    info = gnubg.posinfo()
    return (gnubg.positionid() == record['board'] and
            sorted(info['dice']) == sorted(record['dice']))


for index, game in enumerate(games):
    gnubg.navigate()  # the start of the match
    if index:
        gnubg.navigate(game=index)
    play = 0
    for record in game['game']:
        if record.get('action') != 'move':
            continue
        play += 1
        steps = 0
        while not at_roll(record) and steps < STEPS:
            gnubg.command('next roll')
            steps += 1
        if not at_roll(record):
            print('MISMATCH %d %d %s' % (index + 1, play, record['board']))
            break
        print('ID %d %d %s %s' % (index + 1, play, gnubg.positionid(), gnubg.matchid()))
