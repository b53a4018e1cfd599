#!/usr/bin/env bash
# skip.sh — a Makefile recipe's case that cannot run for want of a tool:
# "SKIP: WHAT (WHY)" and the closing line, so that make check counts it.
#
#   tests/lib/skip.sh TOOL WHAT WHY
#
# Under CI=true it is "FAIL WHAT: tool TOOL missing under CI=true" instead,
# and the status is 1: .ci/run installs every tool these recipes use, so
# there a missing one means the install broke, not that the test may rest.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/tally.sh"
skip_tool "$1" "$2" "$3"
tally_end
