#!/usr/bin/env bash
# mutations.sh — the exact mutation test on GNU Backgammon's .sgf records
# and on bgmatch's YAML notation (tests/unit/check_mutations_exact.c does
# it on .mat): a valid record copied with one mistake must give one
# diagnostic, at the changed line, and nothing else.
#
#   tests/mutations.sh sgf|yaml BIN FILE...
#
# Each record must check clean first.  For each kind of mistake the places
# where it applies are listed (one SGF node, or one YAML action, a line)
# and at most SITES (6) of them are taken, spread evenly over the file:
#   step       a play's first move ends one point further on
#   from       a play's first move starts one point further (SGF)
#   unplayed   a play's last move left out: a die unplayed (SGF)
#   take-drop  a take written as a drop, the game going on after it
#   no-double  a double left out (its answer stays)
#   lost-turn  a play left out (not a game's first or last): the player
#              before it rolls twice running
#   colour     a play under the other player's colour or name
#   answerer   a take or drop under the doubler's colour (SGF)
#   dice-order the dice of a non-double written the other way round: the
#              same roll, so the copy must check clean
#   beaver     a take in match play written as a beaver (YAML)
#   drop-take  a drop that ends the game written as a take
#   crawford   a double, taken, put in before a play of the Crawford game
#              (YAML)
# A copy is exact with one error or warning at the line (the line after a
# line left out), none for dice-order.  Each kind has a floor, the share of
# exact copies it keeps: set to what the referee achieves, to be raised,
# never lowered.  Prints a line per kind; exit 1 when a kind is below its
# floor.  MUTATION_VERBOSE=1 prints each copy that is not exact.
#
# Sourced (tests/convert-problems.sh), it defines its functions and runs
# nothing: the caller sets notation and defines try KIND FILE LINE NEW.
set -u
export LC_ALL=C
SITES=6
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
notation=$1 bin=$2
shift 2
case $notation in
sgf)
  declare -A floor=([step]=100 [from]=100 [unplayed]=95 [take-drop]=100 [no-double]=100
    [lost-turn]=95 [colour]=100 [answerer]=100 [dice-order]=100 [drop-take]=100)
  kinds=(step from unplayed take-drop no-double lost-turn colour answerer dice-order drop-take)
  ;;
yaml)
  declare -A floor=([step]=100 [take-drop]=100 [no-double]=100 [lost-turn]=95 [colour]=95
    [dice-order]=100 [beaver]=100 [drop-take]=100 [crawford]=100)
  kinds=(step take-drop no-double lost-turn colour dice-order beaver drop-take crawford)
  ;;
*)
  echo "usage: tests/mutations.sh sgf|yaml BIN FILE..." >&2
  exit 2
  ;;
esac
declare -A exact total
for kind in "${kinds[@]}"; do exact[$kind]=0 total[$kind]=0; done
work=$(mktemp -d "${TMPDIR:-/tmp}/bgmatch-mutations.XXXXXX")
trap 'rm -rf "$work"' EXIT
fi

# The diagnostics (errors and warnings) of a check of FILE, one a line.
diagnostics() { "$bin" check "$1" 2>/dev/null | grep -E ': (error|warning): '; }

# spread N: the indexes 0..N-1 of at most SITES places, evenly apart.
spread() {
  local n=$1 k taken
  taken=$((n < SITES ? n : SITES))
  for ((k = 0; k < taken; k++)); do echo $(((2 * k + 1) * n / (2 * taken))); done
}

# The letter one point further from the mover's side: 'a'..'w' only, so
# that the result is a point ('x' + 1 would be the bar).
next_letter() {
  local letters=abcdefghijklmnopqrstuvwxyz
  local after=${letters#*"$1"}
  printf '%s' "${after:0:1}"
}

# A node LINE under the other player's colour.
other_colour() {
  local line=$1
  if [[ $line == ";B"* ]]; then echo ";W${line:2}"; else echo ";B${line:2}"; fi
}

# try KIND FILE LINE NEW: the copy of FILE with line LINE (1-based) made
# NEW, or left out when NEW is the word DELETE; judged at line LINE.
try() {
  local kind=$1 file=$2 line=$3 new=$4 copy=$work/copy.$notation found
  if [[ $new == DELETE ]]; then
    sed "${line}d" "$file" >"$copy"
  else
    awk -v at="$line" -v text="$new" 'NR == at { print text; next } { print }' "$file" >"$copy"
  fi
  found=$(diagnostics "$copy")
  local count=0
  [[ -n $found ]] && count=$(printf '%s\n' "$found" | wc -l)
  total[$kind]=$((total[$kind] + 1))
  if [[ $kind == dice-order && $count -eq 0 ]] ||
    [[ $kind != dice-order && $count -eq 1 && $found == *":$line:"* ]]; then
    exact[$kind]=$((exact[$kind] + 1))
  elif [[ ${MUTATION_VERBOSE:-0} == 1 ]]; then
    printf '%s %s line %d:\n%s\n' "$kind" "$file" "$line" "${found:-(no diagnostic)}" >&2
  fi
}

# delete_at KIND FILE INDEX...: tries KIND, the line of each INDEX (from
# 0) left out, at the spread ones.
delete_at() {
  local kind=$1 file=$2 site
  shift 2
  local -a at=("$@")
  for site in $(spread ${#at[@]}); do
    try "$kind" "$file" $((at[site] + 1)) DELETE
  done
}

mutate_sgf() {
  local file=$1 i n
  local -a lines=() plays=() cube_takes=() doubles=() inner=() answers=() game_drops=()
  mapfile -t lines <"$file"
  n=${#lines[@]}
  # play nodes: ;B[52ywfa] (dice, then from/to letters a pair a move)
  for ((i = 0; i < n; i++)); do
    local line=${lines[i]}
    if [[ $line =~ ^\;[BW]\[[1-6][1-6]([a-z][a-z])+\] ]]; then
      plays+=("$i")
      # not a game's first play nor its last node, and a play after it
      if ((i > 0 && i + 1 < n)) && [[ ${lines[i - 1]} != "("* && $line != *")" &&
        ${lines[i + 1]} =~ ^\;[BW]\[[1-6][1-6] ]]; then
        inner+=("$i")
      fi
    elif [[ $line =~ ^\;[BW]\[take\] && $line != *")" ]]; then
      cube_takes+=("$i")
      answers+=("$i")
    elif [[ $line =~ ^\;[BW]\[drop\] ]]; then
      answers+=("$i")
      if ((i + 1 == n)) || [[ $line == *")" || ! ${lines[i + 1]} =~ ^\;[BW]\[[1-6][1-6] ]]; then
        game_drops+=("$i")
      fi
    elif [[ $line =~ ^\;[BW]\[double\] && $line != *")" ]] && ((i + 1 < n)) &&
      [[ ${lines[i + 1]} =~ ^\;[BW]\[(take|drop)\] ]]; then
      doubles+=("$i")
    fi
  done
  local site index line value head rest
  for site in $(spread ${#plays[@]}); do
    index=${plays[site]} line=${lines[index]}
    value=${line#*[} value=${value%%]*} head=${line%%]*} rest=${line#"$head"}
    local dice=${value:0:2} from=${value:2:1} to=${value:3:1} moves=${value:2}
    if [[ $to == [a-w] ]]; then
      try step "$file" $((index + 1)) "${line:0:3}$dice$from$(next_letter "$to")${value:4}$rest"
    fi
    if [[ $from == [a-w] ]]; then
      try from "$file" $((index + 1)) "${line:0:3}$dice$(next_letter "$from")${value:3}$rest"
    fi
    try unplayed "$file" $((index + 1)) "${line:0:3}$dice${moves:0:${#moves}-2}$rest"
    try colour "$file" $((index + 1)) "$(other_colour "$line")"
    if [[ ${dice:0:1} != "${dice:1:1}" ]]; then
      try dice-order "$file" $((index + 1)) "${line:0:3}${dice:1:1}${dice:0:1}$moves$rest"
    fi
  done
  for site in $(spread ${#cube_takes[@]}); do
    index=${cube_takes[site]}
    try take-drop "$file" $((index + 1)) "${lines[index]/take/drop}"
  done
  for site in $(spread ${#answers[@]}); do
    index=${answers[site]}
    try answerer "$file" $((index + 1)) "$(other_colour "${lines[index]}")"
  done
  for site in $(spread ${#game_drops[@]}); do
    index=${game_drops[site]}
    try drop-take "$file" $((index + 1)) "${lines[index]/drop/take}"
  done
  delete_at no-double "$file" "${doubles[@]}"
  delete_at lost-turn "$file" "${inner[@]}"
}

# The actions of bgmatch's YAML notation, one a line: "  - [Ana, 41, 13/9
# 24/23]", "  - [Bob, double, 2]", "  - [Ana, take]".
mutate_yaml() {
  local file=$1 i n names length=0 offered=0 crawford_done=0 crawford_at=-1
  local -a lines=() plays=() cube_takes=() doubles=() inner=() beavers=() drops=()
  mapfile -t lines <"$file"
  n=${#lines[@]}
  local play='^ *- \[([^],]+), ([1-6])([1-6])(, ([^]]*))?\]$'
  for ((i = 0; i < n; i++)); do
    local line=${lines[i]}
    [[ $line =~ ^\ *players:\ \[(.*)\]$ ]] && names=${BASH_REMATCH[1]}
    [[ $line =~ ^\ *length:\ ([0-9]+) ]] && length=${BASH_REMATCH[1]}
    [[ $line =~ crawford:\ false ]] && crawford_done=1
    [[ $line =~ ,\ double,\ ([0-9]+)\]$ ]] && offered=${BASH_REMATCH[1]}
    if [[ $line =~ ^\ *-\ \[[^],]+,\ take\]$ ]] && ((length > 0 && offered > 0)); then
      beavers+=("$i:$((2 * offered))")
    fi
    if [[ $line =~ ^\ *-\ \[[^],]+,\ drop\]$ ]] && ((i + 1 < n)) &&
      [[ ! ${lines[i + 1]} =~ $play ]]; then
      drops+=("$i")
    fi
    # the Crawford game: the first whose score has a player one point short
    if [[ $line =~ ^\ *score:\ \[([0-9]+),\ ([0-9]+)\]$ ]] && ((length > 1 && !crawford_done)) &&
      ((BASH_REMATCH[1] == length - 1 || BASH_REMATCH[2] == length - 1)); then
      crawford_done=1 crawford_at=$((i + 3)) # past "actions:" and the opening roll
    fi
    if [[ $line =~ $play ]]; then
      plays+=("$i")
      if ((i > 0 && i + 1 < n)) && [[ ${lines[i - 1]} =~ $play && ${lines[i + 1]} =~ $play ]]; then
        inner+=("$i")
      fi
    elif [[ $line =~ ^\ *-\ \[[^],]+,\ take\]$ ]] && ((i + 1 < n)) && [[ ${lines[i + 1]} =~ $play ]]; then
      cube_takes+=("$i")
    elif [[ $line =~ ^\ *-\ \[[^],]+,\ double,\ [0-9]+\]$ ]] && ((i + 1 < n)) &&
      [[ ${lines[i + 1]} =~ ,\ (take|drop)\]$ ]]; then
      doubles+=("$i")
    fi
  done
  local first=${names%%, *} second=${names#*, } site index line
  for site in $(spread ${#plays[@]}); do
    index=${plays[site]} line=${lines[index]}
    [[ $line =~ $play ]] || continue
    local who=${BASH_REMATCH[1]} high=${BASH_REMATCH[2]} low=${BASH_REMATCH[3]}
    local moves=${BASH_REMATCH[5]} other
    other=$([[ $who == "$first" ]] && echo "$second" || echo "$first")
    if [[ $moves =~ ^([0-9]+|bar)/([0-9]+)(.*)$ ]] && ((BASH_REMATCH[2] >= 2)); then
      local to=${BASH_REMATCH[2]}
      try step "$file" $((index + 1)) "${line/\/$to/\/$((to - 1))}"
    fi
    try colour "$file" $((index + 1)) "${line/"$who"/"$other"}"
    if [[ $high != "$low" ]]; then
      try dice-order "$file" $((index + 1)) "${line/, $high$low/, $low$high}"
    fi
  done
  for site in $(spread ${#cube_takes[@]}); do
    index=${cube_takes[site]}
    try take-drop "$file" $((index + 1)) "${lines[index]/take\]/drop]}"
  done
  delete_at no-double "$file" "${doubles[@]}"
  delete_at lost-turn "$file" "${inner[@]}"
  local entry
  for site in $(spread ${#beavers[@]}); do
    entry=${beavers[site]} index=${entry%%:*}
    try beaver "$file" $((index + 1)) "${lines[index]/take\]/beaver, ${entry#*:}]}"
  done
  for site in $(spread ${#drops[@]}); do
    index=${drops[site]}
    try drop-take "$file" $((index + 1)) "${lines[index]/drop\]/take]}"
  done
  if ((crawford_at > 0 && crawford_at < n)) && [[ ${lines[crawford_at]} =~ $play ]]; then
    local who=${BASH_REMATCH[1]} indent=${lines[crawford_at]%%-*} other
    other=$([[ $who == "$first" ]] && echo "$second" || echo "$first")
    try crawford "$file" $((crawford_at + 1)) \
      "$indent- [$who, double, 2]\n$indent- [$other, take]\n${lines[crawford_at]}"
  fi
}

[[ ${BASH_SOURCE[0]} == "$0" ]] || return 0
status=0
for file in "$@"; do
  if [[ -n $(diagnostics "$file") ]]; then
    echo "$notation mutations: $file does not check clean: left out"
    status=1
    continue
  fi
  case $notation in
  sgf) mutate_sgf "$file" ;;
  yaml) mutate_yaml "$file" ;;
  esac
done
for kind in "${kinds[@]}"; do
  t=${total[$kind]} e=${exact[$kind]}
  share=$((t > 0 ? 100 * e / t : 100))
  printf '%s mutations: %-10s %5d of %5d exact (floor %d%%)\n' "$notation" "$kind" "$e" "$t" "${floor[$kind]}"
  if ((t == 0)); then
    echo "$notation mutations: no place for $kind in the records"
    status=1
  elif ((share < floor[$kind])); then
    status=1
  fi
done
exit $status
