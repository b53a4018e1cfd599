# bgmatch — build, test, install.
#
#   make demo     install missing build deps, build, run bgmatch on samples/
#   make check    install missing build deps, build, run every test
#                 (unit + end-to-end + corpus + the same output as blessed
#                 + samples + the YAML/JSON
#                 notation and its reader's round trip + GNU Backgammon both
#                 ways + convert + the written results against the score
#                 lines + property tests over generated records +
#                 lint, then again under ASan+UBSan, then
#                 valgrind); ends with
#                 "N passed, M failed, K skipped"
#   make lint     cppcheck and clang-tidy (.clang-tidy) over src/, and no
#                 call cycle between its files but tests/callgraph.allow's,
#                 no external symbol without its module's prefix
#   make bench    moves/s and MB/s on a generated corpus, next to wc -l
#   make soak     the property tests (tests/property.sh) at 100x the volume
#   make install PREFIX=/usr/local [DESTDIR=/tmp/stage]   (make uninstall: the same, undone)
#   make CC=clang any of the above with clang
#
# The shared corpus and tools are looked for in $(SHARED) (default
# ../shared, or $BGMATCH_SHARED); tests that need them skip visibly without.
# A skip is counted apart from passes; under CI=true (.ci/run) a test whose
# tool .ci/run installs fails instead of skipping (tests/lib/tally.sh).

PREFIX   ?= /usr/local
CC       ?= cc
BUILD    ?= build
SAN      ?=
SHARED   ?= $(or $(BGMATCH_SHARED),../shared)
export BGMATCH_SHARED := $(SHARED)
# A sanitizer report must not pass for "a record breaks a rule" (status 1,
# the sanitizers' default): it ends the program with status 86 instead.
export ASAN_OPTIONS ?= exitcode=86:detect_leaks=1
export UBSAN_OPTIONS ?= exitcode=86:halt_on_error=1:print_stacktrace=1
PKGS     := libpcre2-8 yaml-0.1 jansson zlib
TESTPKGS := check
# Debian packages that provide the above (and pkg-config itself).
DEBS     := pkg-config libpcre2-dev libyaml-dev libjansson-dev zlib1g-dev check

WARN     := -Wall -Wextra -Werror
# With GCC, link-time optimisation: the hot path runs through many small
# functions of several files (the reader's cells, board steps, the referee's
# proofs), which only LTO can inline across; 14% less time on make bench's
# corpus.  Its archives need gcc-ar (the LTO plugin's symbol index).
IS_GCC   := $(shell $(CC) --version 2>/dev/null | grep -q 'Free Software Foundation' && \
              command -v gcc-ar >/dev/null && echo yes)
OPT      := -O3 -g $(if $(IS_GCC),-flto=auto)
LIB_AR   := $(if $(IS_GCC),gcc-ar,ar)
ifneq ($(SAN),)
OPT      := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
endif
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CHECK_CFLAGS = $(shell pkg-config --cflags $(TESTPKGS) 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs $(TESTPKGS) 2>/dev/null)
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(OPT) $(SRC_INCLUDES) -I $(BUILD)/gen \
             $(PKG_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(OPT) $(LDFLAGS)

# src/ is a flat core and a folder a stage (tests/stages): every folder is
# on the include path, so that a file includes "x.h" wherever x.h stands,
# and a file left at src/'s root by a branch older than the folders builds
# (make lint names it misplaced).  Objects mirror the folders under obj/.
SRC_DIRS := src $(patsubst %/,%,$(wildcard src/*/))
SRC_INCLUDES := $(SRC_DIRS:%=-I %)
ALL_SRC  := $(wildcard src/*.c src/*/*.c)
SRC_HEADERS := $(wildcard src/*.h src/*/*.h)
# The command line (main.c and the commands, cli*.c) is not the library.
CLI_SRC  := $(filter src/main.c src/cli%.c,$(ALL_SRC))
CLI_OBJ  := $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
LIB_SRC  := $(filter-out $(CLI_SRC),$(ALL_SRC))
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
PATTERNS := $(sort $(wildcard grammar/*.pcre))
UNIT_SRC := $(wildcard tests/unit/check_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BIN      := $(BUILD)/bgmatch
SUBMAKE  := $(MAKE) --no-print-directory
ASAN     := BUILD=build-asan SAN=1
# gnubg's self-play records, made once by gnubg-check; the sanitizer pass
# converts the same ones.
SELFPLAY := build/gnubg-selfplay
STEP     := tests/lib/step.sh $(BUILD)/check

.PHONY: all deps demo check unit e2e jobs-check progress-check stream-check parallel-check readme-check json-check corpus sample-check annotate-html annotate-stream notation-check yaml-roundtrip \
        gnubg-check convert-check interrupt-check convert-problems results-check hostile-check property-check soak gnubg-import sgf-interop posid-gnubg board-gnubg man-check lint same-output clang-build fuzz valgrind bench install \
        uninstall clean format

all: $(BIN)

# Installs what is missing, says so; silent and quick when all is there.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"; \
	for p in $(PKGS) $(TESTPKGS); do \
	  pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "deps: missing:$$missing; installing $(DEBS) with apt-get"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEBS) >/dev/null || \
	  { echo "deps: apt-get install failed; install $(DEBS) by hand" >&2; exit 2; }; \
	fi

# The .pcre files of grammar/ are the one place a pattern or a named group
# is added: grammar/gen.sh makes of them the patterns as C strings and the
# X-macro lists of patterns and groups the reader's enums and tables are
# built from (grammar/mat-grammar.md, "Adding a group or a pattern").  It
# fails the build on a malformed group name; the unit test
# check_grammar compiles the patterns and checks the lists against PCRE2.
GEN_HEADERS := $(BUILD)/gen/grammar_patterns.h $(BUILD)/gen/grammar_lists.h

$(BUILD)/gen/grammar_patterns.h: $(PATTERNS) grammar/gen.sh Makefile
	@mkdir -p $(@D)
	@sh grammar/gen.sh sources $(PATTERNS) >$@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }

$(BUILD)/gen/grammar_lists.h: $(PATTERNS) grammar/gen.sh Makefile
	@mkdir -p $(@D)
	@sh grammar/gen.sh lists $(PATTERNS) >$@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }

# -MMD: each object depends on the headers it includes, as the compiler saw.
$(BUILD)/obj/%.o: src/%.c $(GEN_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

-include $(wildcard $(BUILD)/obj/*.d $(BUILD)/obj/*/*.d)

$(BUILD)/libbgmatch.a: $(LIB_OBJ)
	@rm -f $@
	$(LIB_AR) rcs $@ $^

# -pthread: the grammar is compiled once per process under pthread_once.
$(BIN): $(CLI_OBJ) $(BUILD)/libbgmatch.a
	$(CC) $(ALL_LDFLAGS) -pthread -o $@ $^ $(PKG_LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libbgmatch.a $(SRC_HEADERS) $(wildcard tests/unit/*.h) \
                 $(GEN_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CHECK_CFLAGS) $(LDFLAGS) -pthread -o $@ $< \
	  $(filter %.o,$^) $(BUILD)/libbgmatch.a $(PKG_LIBS) $(CHECK_LIBS)

# A unit test of the command line's own pieces links their objects too.
$(BUILD)/tests/check_progress: $(addprefix $(BUILD)/obj/cli/,cli_walk.o cli.o cli_help.o)

# Test drivers (tests/tools/*.c): small programs over the library that the
# test scripts run, e.g. the writers before `bgmatch convert` exists.
$(BUILD)/tests/tools/%: tests/tools/%.c $(BUILD)/libbgmatch.a $(SRC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -pthread -o $@ $< $(BUILD)/libbgmatch.a $(PKG_LIBS)

# ---- running things -------------------------------------------------------

# A sub-make builds, so that pkg-config is asked only after deps installed.
demo: deps
	@$(SUBMAKE) -s all
	@tests/samples.sh --demo $(BIN)
	@echo; echo "== a broken sample annotated as one HTML page (bgmatch annotate --format html)"; \
	$(BIN) annotate --format html -o $(BUILD)/demo-report.html samples/broken/illegal-move.mat; \
	test -s $(BUILD)/demo-report.html && echo "demo: report written to $(BUILD)/demo-report.html"

unit: $(UNIT_BIN)
	@tests/unit.sh $(UNIT_BIN)

e2e: $(BIN)
	@tests/e2e/run.sh $(BIN)

corpus: $(BIN)
	@tests/corpus.sh $(BIN)

sample-check: $(BIN)
	@tests/samples.sh $(BIN)

# annotate --format html on the broken samples: well-formed, self-contained,
# one SVG board a problem, names escaped, drawn by headless Chromium.
annotate-html: $(BIN)
	@tests/annotate-html.sh $(BIN) $(BUILD)/annotate-html

# The writers' output against grammar/bgmatch.schema.json, jq and the man page.
notation-check: $(BUILD)/tests/tools/write_match
	@tests/notation.sh $(BUILD)/tests/tools/write_match

# The YAML reader reads back what the writers write (a fixed point), and
# check sees the same problems in a record and in its YAML.
yaml-roundtrip: $(BIN) $(BUILD)/tests/tools/write_match
	@tests/yaml_roundtrip.sh $(BIN) $(BUILD)/tests/tools/write_match

gnubg-check: $(BIN) $(BUILD)/tests/check_mutations_exact
	@MUTATIONS=$(BUILD)/tests/check_mutations_exact tests/gnubg.sh $(BIN) $(SELFPLAY)

# check -j N prints what check -j 1 prints.
jobs-check: $(BIN)
	@tests/jobs.sh $(BIN)

# The progress line on a pseudo-terminal (script(1)): files of the total,
# erased at the end, none under -q nor off a terminal.
progress-check: $(BIN)
	@tests/progress.sh $(BIN)

# convert: the output file, and every record of samples/, the corpus and
# gnubg's self-play (when gnubg-check made it) a fixed point of the writer.
convert-check: $(BIN)
	@tests/convert.sh $(BIN) $(SELFPLAY)

# interrupt: SIGINT, SIGTERM, SIGHUP during convert -o and -d leave no
# temporary file and the outputs finished before.
interrupt-check: $(BIN)
	@tests/interrupt.sh $(BIN)

# Every record converted to each notation and checked again: the same
# errors by rule, or a [lossy] warning where the target cannot hold one.
convert-problems: $(BIN) $(BUILD)/tests/tools/gen_match
	@tests/convert-problems.sh $(BIN) $(BUILD)/tests/tools/gen_match

# The results convert writes (JSON) against the records' own score lines,
# and each game's score in the SGF's MI, for the samples and the valid
# corpus and archive records.
results-check: $(BIN)
	@tests/results.sh $(BIN)

# The canonical .mat of the samples and the valid corpus records, imported
# into GNU Backgammon and exported again: no warning, the same match.
gnubg-import: $(BIN)
	@tests/gnubg-import.sh $(BIN)

# The SGF writer and reader against gnubg's own load, import and save.
sgf-interop: $(BIN) $(BUILD)/tests/tools/write_match
	@tests/sgf-interop.sh $(BIN) $(BUILD)/tests/tools/write_match $(BUILD)/sgf-interop

# The Position ID and Match ID `show` prints for every play of gnubg's
# records (the corpus's and fresh self-play) against gnubg's own.
posid-gnubg: $(BIN)
	@tests/posid-gnubg.sh $(BIN) $(BUILD)/posid-selfplay

# The text board `show` prints for every play of the samples against the
# one gnubg draws for the same Position ID.
board-gnubg: $(BIN)
	@tests/board-gnubg.sh $(BIN)

# 1 GiB of concatenated records through a pipe: bounded memory, nothing lost.
stream-check: $(BIN)
	@tests/stream.sh $(BIN)

# Every command over every record of samples/, the e2e cases and the shared
# corpus, archive and findings: the digests of tests/same-output/digests.tsv
# (tests/same-output.sh --bless BIN writes them again).
same-output: $(BIN)
	@tests/same-output.sh $(BIN)

# bgmatch(1)'s GNU parallel recipe reports what one check call reports.
parallel-check: $(BIN)
	@tests/parallel.sh $(BIN)

# Every command the README shows (the `$ ` lines of its ```sh blocks) runs
# as written, with the exit status and the output lines it shows; and the
# README and tests/README.md are at most 250 lines each.
readme-check: $(BIN)
	@tests/readme.sh $(BIN) README.md

# The JSON outputs in a pipeline: files named {"text"} or {"bytes"} and
# reached by jq + base64 + xargs, a Latin-1 name among them; legal the
# same complete array in check and show.
json-check: $(BIN)
	@tests/json-pipeline.sh $(BIN)

MAN_PAGES := man/bgmatch.1 man/bgmatch.5

man-check:
	@if ! command -v groff >/dev/null 2>&1; then \
	  tests/lib/skip.sh groff man-check "groff is not installed"; \
	else \
	  passed=0; failed=0; \
	  for page in $(MAN_PAGES); do \
	    out=$$(groff -man -ww -z $$page 2>&1); \
	    if [ -n "$$out" ]; then \
	      echo "$$out"; echo "FAIL man-check: groff -man -ww -z $$page warns"; \
	      failed=$$((failed + 1)); \
	    else \
	      echo "ok man-check (groff -man -ww -z $$page: no warnings)"; \
	      passed=$$((passed + 1)); \
	    fi; \
	  done; \
	  echo "$$passed passed, $$failed failed, 0 skipped"; [ $$failed -eq 0 ]; \
	fi

# Static analysis of src/ (tests/lint.sh): cppcheck, and clang-tidy with the
# checks of .clang-tidy, each given what the compiler is given but warnings
# and optimisation.  The generated header first: the sources include it.
# The objects for the call cycles between files (tests/lib/callgraph.sh)
# and the prefixes of their external symbols.
LINT_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(SRC_INCLUDES) -I $(BUILD)/gen $(PKG_CFLAGS)
lint: $(BUILD)/gen/grammar_patterns.h $(LIB_OBJ) $(CLI_OBJ)
	@tests/lint.sh --calls tests/callgraph.allow $(BUILD)/obj $(ALL_SRC) -- $(LINT_CFLAGS)

# The other compiler the project promises to build with; a SKIP where absent.
clang-build:
	@if ! command -v clang >/dev/null 2>&1; then \
	  tests/lib/skip.sh clang clang-build "clang is not installed"; \
	elif $(MAKE) --no-print-directory CC=clang BUILD=build-clang all unit >build-clang.log 2>&1; then \
	  echo "ok clang-build (make CC=clang: -Werror build and unit tests)"; \
	  echo "1 passed, 0 failed, 0 skipped"; rm -f build-clang.log; \
	else \
	  tail -30 build-clang.log; echo "FAIL clang-build"; echo "0 passed, 1 failed, 0 skipped"; \
	  exit 1; \
	fi

# libFuzzer, FUZZ_SECONDS each, all at once (tests/fuzz/run.sh), over the
# targets of tests/fuzz/: the whole
# check pipeline, the writers, stats and show (seeded with samples/), the YAML reader and the referee
# (seeded with the e2e cases' YAML), the round trip through YAML, which
# must be a fixed point (seeded with both), the SGF reader (seeded with
# the e2e cases' SGF) and the .xg reader (seeded with the e2e case's and
# the corpus's .xg, whole and their game files alone).  A short run in make check,
# longer by hand (make fuzz FUZZ_SECONDS=600).
FUZZ_SECONDS ?= 10
FUZZ_TARGETS := fuzz_check fuzz_convert fuzz_show_stats fuzz_read_yaml fuzz_roundtrip_yaml fuzz_read_sgf fuzz_read_xg
fuzz: $(GEN_HEADERS)
	@if ! command -v clang >/dev/null 2>&1; then \
	  tests/lib/skip.sh clang fuzz "clang is not installed"; exit; fi; \
	mkdir -p build-fuzz; \
	printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){(void)d;(void)n;return 0;}\n' \
	  >build-fuzz/probe.c; \
	if ! clang -fsanitize=fuzzer build-fuzz/probe.c -o build-fuzz/probe >/dev/null 2>&1; then \
	  tests/lib/skip.sh libclang-rt-dev fuzz "clang has no libFuzzer runtime here"; exit; fi; \
	CFLAGS_PKG="$(PKG_CFLAGS)" LIBS_PKG="$(PKG_LIBS)" LIB_SRC="$(LIB_SRC)" SRC_INCLUDES="$(SRC_INCLUDES)" \
	  tests/fuzz/run.sh $(FUZZ_SECONDS) $(BUILD)/gen $(FUZZ_TARGETS)

# Property tests over records gen_match plays at random (tests/property.sh):
# thousands check clean, and a mutated line is reported on that line.
# make soak: 100 times the volume, on other seeds; not part of make check.
GEN_MATCH := $(BUILD)/tests/tools/gen_match
# A record full of mistakes against valid records of the same size, in the
# same run (tests/hostile.sh): at most 15 times the time per byte.
GEN_GARBAGE := $(BUILD)/tests/tools/gen_garbage
hostile-check: $(BIN) $(GEN_MATCH) $(GEN_GARBAGE)
	@tests/hostile.sh $(BIN) $(GEN_MATCH) $(GEN_GARBAGE) $(BUILD)/hostile

# annotate streams match by match: 17 MiB of small matches, valid and
# broken, annotated as text and as HTML in < 32 MB peak RSS, every line
# listed and every problem check reports shown (tests/annotate-stream.sh).
annotate-stream: $(BIN) $(GEN_MATCH) $(GEN_GARBAGE)
	@tests/annotate-stream.sh $(BIN) $(GEN_MATCH) $(GEN_GARBAGE) $(BUILD)/annotate-stream

property-check: $(BIN) $(GEN_MATCH)
	@tests/property.sh $(GEN_MATCH) $(BIN) --dir $(BUILD)/property

soak: deps
	@$(SUBMAKE) -s all $(GEN_MATCH)
	@tests/property.sh $(GEN_MATCH) $(BIN) --dir $(BUILD)/soak --scale 100 \
	  --seed-base $${SOAK_SEED:-1000000}

valgrind: $(BIN) $(UNIT_BIN) $(BUILD)/tests/tools/write_match
	@tests/valgrind.sh $(BIN) $(firstword $(UNIT_BIN)) $(BUILD)/tests/tools/write_match

# Every step runs even when an earlier one failed; tests/lib/step.sh counts the
# cases each step reports and the last line is the total.
check: deps
	@rm -rf $(BUILD)/check
	@$(STEP) build          $(SUBMAKE) all
	@$(STEP) unit           $(SUBMAKE) unit
	@$(STEP) e2e            $(SUBMAKE) e2e
	@$(STEP) jobs           $(SUBMAKE) jobs-check
	@$(STEP) progress       $(SUBMAKE) progress-check
	@$(STEP) corpus         $(SUBMAKE) corpus
	@$(STEP) same-output    $(SUBMAKE) same-output
	@$(STEP) samples        $(SUBMAKE) sample-check
	@$(STEP) annotate-html  $(SUBMAKE) annotate-html
	@$(STEP) annotate-stream $(SUBMAKE) annotate-stream
	@$(STEP) notation       $(SUBMAKE) notation-check
	@$(STEP) yaml-roundtrip $(SUBMAKE) yaml-roundtrip
	@$(STEP) gnubg-selfplay $(SUBMAKE) gnubg-check
	@$(STEP) convert        $(SUBMAKE) convert-check
	@$(STEP) interrupt      $(SUBMAKE) interrupt-check
	@$(STEP) convert-problems $(SUBMAKE) convert-problems
	@$(STEP) results        $(SUBMAKE) results-check
	@$(STEP) property       $(SUBMAKE) property-check
	@$(STEP) hostile        $(SUBMAKE) hostile-check
	@$(STEP) gnubg-import   $(SUBMAKE) gnubg-import
	@$(STEP) sgf-interop    $(SUBMAKE) sgf-interop
	@$(STEP) posid-gnubg    $(SUBMAKE) posid-gnubg
	@$(STEP) board-gnubg    $(SUBMAKE) board-gnubg
	@$(STEP) stream         $(SUBMAKE) stream-check
	@$(STEP) parallel       $(SUBMAKE) parallel-check
	@$(STEP) readme         $(SUBMAKE) readme-check
	@$(STEP) json           $(SUBMAKE) json-check
	@$(STEP) man-check      $(SUBMAKE) man-check
	@$(STEP) lint           $(SUBMAKE) lint
	@$(STEP) asan-build     $(SUBMAKE) $(ASAN) all
	@$(STEP) asan-unit      $(SUBMAKE) $(ASAN) unit
	@$(STEP) asan-e2e       $(SUBMAKE) $(ASAN) e2e
	@$(STEP) asan-jobs      $(SUBMAKE) $(ASAN) jobs-check
	@$(STEP) asan-corpus    $(SUBMAKE) $(ASAN) corpus
	@$(STEP) asan-samples   $(SUBMAKE) $(ASAN) sample-check
	@$(STEP) asan-convert   $(SUBMAKE) $(ASAN) convert-check
	@$(STEP) asan-property  $(SUBMAKE) $(ASAN) property-check
	@$(STEP) valgrind       $(SUBMAKE) valgrind
	@$(STEP) clang-build    $(SUBMAKE) clang-build
	@$(STEP) fuzz           $(SUBMAKE) fuzz
	@tests/lib/step.sh $(BUILD)/check --summary

bench: deps
	@$(SUBMAKE) -s all $(GEN_MATCH) $(GEN_GARBAGE)
	@tests/stream.sh --file $(BUILD)/bench/stream.mat $(BIN)
	@tests/bench.sh $(BIN) $(BUILD)/bench $(GEN_MATCH) $(GEN_GARBAGE)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/bgmatch
	install -m 644 man/bgmatch.1 $(DESTDIR)$(PREFIX)/share/man/man1/bgmatch.1
	install -m 644 man/bgmatch.5 $(DESTDIR)$(PREFIX)/share/man/man5/bgmatch.5

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/bgmatch $(DESTDIR)$(PREFIX)/share/man/man1/bgmatch.1 \
	  $(DESTDIR)$(PREFIX)/share/man/man5/bgmatch.5

clean:
	rm -rf build build-*

format:
	clang-format -i $(ALL_SRC) $(SRC_HEADERS) tests/unit/*.c tests/unit/*.h tests/fuzz/*.c tests/tools/*.c
