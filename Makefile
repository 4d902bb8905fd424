# lawtester - build, test, demo.  `make help` lists the targets.
# System packages: Lua 5.4 (liblua5.4-dev), gnuplot (gnuplot-nox); for the tests also GNU parallel
# (parallel: the sharded-probe test runs shards through it); .ci/deps installs them when run as
# root and prints the apt-get line otherwise.

CC      ?= cc
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
WARN    := -std=c17 -Wall -Wextra -pedantic $(if $(WERROR),-Werror)
# Floating-point results are IEEE's either way: these only let the compiler drop what nothing here
# reads -- errno from sqrt (a compare and a branch around every sqrtsd) and the exception flags
# (no code tests or traps them).  The step of the bench-peers head-on impact 129 -> 123 ns, every
# record bit for bit (docs/performance.md, "Fifth round").  Kept out of CFLAGS, so that builds
# that set their own (asan, the fuzzers) keep them.
MATHFLAGS := -fno-math-errno -fno-trapping-math
LUA_CFLAGS := $(shell pkg-config --cflags lua5.4 2>/dev/null || echo -I/usr/include/lua5.4)
LUA_LIBS   := $(shell pkg-config --libs lua5.4 2>/dev/null || echo -llua5.4)
BUILD   ?= build
# dlopen (src/plugin/plugin.c, --law-lib): in libc on glibc >= 2.34, musl and the BSDs; -ldl where a
# libdl exists (older glibc needs it; newer ones keep it as an empty stub).
DL_LIBS := $(shell echo 'int main(void){return 0;}' | $(CC) -x c - -ldl -o /dev/null 2>/dev/null && echo -ldl)
# src/host/exports.list: MPI_Abort exported, so that a hosted law's engine aborts through
# lawtester's (src/host/mpi_abort.c: its one line, not Open MPI's banner)
LIBS    := $(LUA_LIBS) $(DL_LIBS) -lm -Wl,--dynamic-list=src/host/exports.list
# The law header as installed (<lawtester/law.h>), src/ so that an include names its layer's
# folder ("driver/driver.h"; docs/architecture.md), and the top for the list of laws
# ("laws/laws.def", which the registry expands).
INC     := -Iinclude -Isrc -I.

LAWS    := $(wildcard laws/*.c laws/kit/*.c)
LIBSRC  := $(filter-out src/main.c,$(wildcard src/*.c src/*/*.c))
TESTSRC := $(wildcard tests/*.c)
OBJ     := $(patsubst %.c,$(BUILD)/%.o,$(LIBSRC) $(LAWS))
TESTOBJ := $(patsubst %.c,$(BUILD)/%.o,$(TESTSRC))
BENCHOBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard bench/*.c))
DEMO    := stages/compress_shear_unload.lua

.PHONY: all install uninstall test demo deps deps-test deps-fuzz deps-valgrind deps-format format format-check asan check-valgrind fuzz fuzz-ci fuzz-build energy-study md-incidence benchmarks bench bench-peers clean help

# g++ and man-db: tests/test_plugin.c builds the C++ example law and renders the man page;
# lammps: tests/test_compare.c runs examples/lammps/ in LAMMPS (21 MB to fetch, 94 MB installed);
# lammps and liggghts (their libraries liblammps0, libliggghts3): tests/test_hosted.c runs hosted
# laws in both, and requires them (LAWTESTER_REQUIRE_ENGINES: a missing engine fails, not skips)
TEST_PKGS := parallel g++ man-db lammps liggghts
TEST_ENV := LAWTESTER_REQUIRE_ENGINES=1
# liggghts and lammps: `make bench-peers` runs the same impact in both (bench/peers/)
PEER_PKGS := liggghts lammps

all: lawtester

deps:
	@sh .ci/deps

deps-test:
	@sh .ci/deps $(TEST_PKGS)

deps-fuzz:
	@sh .ci/deps fuzz

deps-valgrind:
	@sh .ci/deps $(TEST_PKGS) valgrind

lawtester: $(BUILD)/lawtester
	@cp $< $@

$(BUILD)/lawtester: $(BUILD)/src/main.o $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/run_tests: $(TESTOBJ) $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/lawtester-bench: $(BENCHOBJ) $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# Header dependencies come from the compiler (-MMD -MP: one .d file beside each object).
$(BUILD)/bench/main.o: bench/main.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(MATHFLAGS) $(INC) $(CPPFLAGS) $(CFLAGS) -DBENCH_CFLAGS='"$(CFLAGS) $(MATHFLAGS)"' -DBENCH_PLUGIN='"$(BUILD)/bench/plugin_linear.so"' \
	  -MMD -MP -c -o $@ $<

# The bench's law from a shared object: examples/plugin/c built with lawtester's own flags,
# against the header as installed (include/lawtester/law.h is laid out as <lawtester/law.h>).
$(BUILD)/bench/plugin_linear.so: examples/plugin/c/plugin_linear.c include/lawtester/law.h
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(MATHFLAGS) $(CPPFLAGS) $(CFLAGS) -fPIC -shared -Iinclude $(LDFLAGS) -o $@ $< -lm

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(MATHFLAGS) $(INC) $(CPPFLAGS) $(CFLAGS) $(FILE_CFLAGS) $(LUA_INC) -MMD -MP -c -o $@ $<

# Lua's include path only for the files that include Lua's headers (docs/architecture.md,
# "Layers"): the stage scripts, the laws written in Lua, the Lua plumbing but for its string
# readers, the command line, and the tests and benchmark that drive them.  The driver, geometry,
# law and output layers below compile without it, so a Lua header included there fails to build.
LUA_LAYER := $(wildcard src/lualaw/*.c src/script/script*.c) \
             $(addprefix src/lua/,conv.c error_text.c limits.c require.c sandbox.c) src/main.c
$(patsubst %.c,$(BUILD)/%.o,$(LUA_LAYER)): LUA_INC := $(LUA_CFLAGS)
$(BUILD)/tests/%.o $(BUILD)/bench/%.o: LUA_INC := $(LUA_CFLAGS)

# The driver's step (src/driver/driver*.c) without the compiler's vectoriser (gcc and clang): it keeps the state of a
# step in the tester and in small arrays, and packing their vec3 components into 16-byte moves
# makes loads wait for stores they cannot be forwarded from; measured (docs/performance.md) the
# sparse case 7 % faster without it, the kernel unchanged.  Results are the same either way
# (no reassociation: vectorising only packs independent operations).
$(patsubst %.c,$(BUILD)/%.o,$(wildcard src/driver/driver*.c)): FILE_CFLAGS := -fno-tree-vectorize

# ---- install (docs/plugins.md, "Install layout": a public contract) ----------------------------
# make install [PREFIX=/usr/local] [DESTDIR=]: the program, the law header, pkg-config's file, the
# man page and the gnuplot scripts the program runs (found from the executable's place:
# BINDIR/../share/lawtester/plots, src/output/plot.c).  make uninstall removes exactly those files.
PREFIX     ?= /usr/local
BINDIR     := $(PREFIX)/bin
INCLUDEDIR := $(PREFIX)/include
PCDIR      := $(PREFIX)/lib/pkgconfig
MANDIR     := $(PREFIX)/share/man/man1
DATADIR    := $(PREFIX)/share/lawtester
INSTALL    ?= install
VERSION    := $(shell sed -n 's/^\#define LAWTESTER_VERSION "\(.*\)"/\1/p' src/main.c)
LAW_API    := $(shell sed -n 's/^\#define LT_LAW_API_VERSION \([0-9]*\)/\1/p' include/lawtester/law.h)
# every file under plots/, at any depth (a new directory of plots ships without an edit here;
# tests/test_plugin.c walks plots/ and checks each is installed); the directories, deepest last
PLOTS      := $(shell find plots -type f | LC_ALL=C sort)
PLOT_DIRS  := $(patsubst %/,%,$(sort $(dir $(PLOTS))))
reverse     = $(if $(1),$(call reverse,$(wordlist 2,$(words $(1)),$(1))) $(firstword $(1)))
INSTALLED  := $(BINDIR)/lawtester $(INCLUDEDIR)/lawtester/law.h $(PCDIR)/lawtester.pc $(MANDIR)/lawtester.1 \
              $(PLOTS:plots/%=$(DATADIR)/plots/%)

install: lawtester
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(INCLUDEDIR)/lawtester' '$(DESTDIR)$(PCDIR)' \
	  '$(DESTDIR)$(MANDIR)' $(foreach d,$(PLOT_DIRS),'$(DESTDIR)$(DATADIR)/$(d)')
	$(INSTALL) -m 755 lawtester '$(DESTDIR)$(BINDIR)/lawtester'
	$(INSTALL) -m 644 include/lawtester/law.h '$(DESTDIR)$(INCLUDEDIR)/lawtester/law.h'
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@LAW_API@|$(LAW_API)|' \
	  lawtester.pc.in >'$(DESTDIR)$(PCDIR)/lawtester.pc'
	chmod 644 '$(DESTDIR)$(PCDIR)/lawtester.pc'
	$(INSTALL) -m 644 docs/lawtester.1 '$(DESTDIR)$(MANDIR)/lawtester.1'
	$(foreach d,$(PLOT_DIRS),$(INSTALL) -m 644 $(strip $(foreach f,$(PLOTS),$(if $(filter $(d)/,$(dir $(f))),$(f)))) \
	  '$(DESTDIR)$(DATADIR)/$(d)' &&) true

# Removes the files install wrote, then the directories of lawtester's own that are left empty.
uninstall:
	rm -f $(foreach f,$(INSTALLED),'$(DESTDIR)$(f)')
	-rmdir $(foreach d,$(call reverse,$(PLOT_DIRS)),'$(DESTDIR)$(DATADIR)/$(d)') '$(DESTDIR)$(DATADIR)' \
	  '$(DESTDIR)$(INCLUDEDIR)/lawtester' 2>/dev/null

# The test command of README and CI: builds, then runs every test (C runner + CLI checks).
test: deps-test
	@$(MAKE) --no-print-directory lawtester $(BUILD)/run_tests $(BUILD)/lawtester-bench
	@$(TEST_ENV) LAWTESTER=./lawtester $(BUILD)/run_tests

demo: deps
	@$(MAKE) --no-print-directory lawtester
	@mkdir -p out
	./lawtester run $(DEMO) -o out --plot

# The slip-dissipation study of docs/energy.md: out/energy-study.{tsv,md,png}.
energy-study: deps
	@$(MAKE) --no-print-directory lawtester
	@mkdir -p out
	./lawtester run stages/energy_study.lua -o out -q
	gnuplot -e "datafile='out/energy-study.tsv'; outfile='out/energy-study.png'" plots/_energy_study.gp
	@echo "wrote out/energy-study.tsv out/energy-study.md out/energy-study.png"

# The incidence scan of docs/laws.md (hertz_mindlin's tangential rules): out/md-incidence.{tsv,md,png}.
md-incidence: deps
	@$(MAKE) --no-print-directory lawtester
	@mkdir -p out
	./lawtester run stages/md_incidence.lua -o out -q
	gnuplot -e "datafile='out/md-incidence.tsv'; outfile='out/md-incidence.png'" plots/_md_incidence.gp
	@echo "wrote out/md-incidence.tsv out/md-incidence.md out/md-incidence.png"

# The benchmarks from the literature of docs/verify.md (Chung & Ooi tests 1-8, Thornton's
# normalised oblique impact), full sweeps: out/benchmarks/*.tsv and a figure per plot.
BENCHMARK_STAGES = chung_ooi_normal chung_ooi_oblique chung_ooi_spin thornton_oblique
BENCHMARK_PLOTS = chung_ooi_normal chung_ooi_restitution chung_ooi_test4 chung_ooi_test5 chung_ooi_spin_plane chung_ooi_test7 thornton_oblique
benchmarks: deps
	@$(MAKE) --no-print-directory lawtester
	@mkdir -p out/benchmarks
	@for s in $(BENCHMARK_STAGES); do echo "./lawtester run stages/benchmarks/$$s.lua -o out/benchmarks -q"; \
	  ./lawtester run stages/benchmarks/$$s.lua -o out/benchmarks -q >out/benchmarks/$$s.txt || exit 1; done
	@for p in $(BENCHMARK_PLOTS); do echo "gnuplot plots/benchmarks/$$p.gp -> out/benchmarks/$$p.png"; \
	  gnuplot -e "datadir='out/benchmarks'; outfile='out/benchmarks/$$p.png'" plots/benchmarks/$$p.gp || exit 1; done
	@echo "wrote out/benchmarks/*.tsv, the runs' tables (*.txt) and out/benchmarks/*.png"

# Whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (separate build dir),
# built with -Werror: CI's warning gate.
asan: deps-test
	@$(MAKE) --no-print-directory BUILD=build-asan OPT=-O1 WERROR=1 \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	  build-asan/lawtester build-asan/run_tests
	@$(TEST_ENV) UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  LAWTESTER=build-asan/lawtester build-asan/run_tests

# LAWTESTER_VALGRIND shortens the long random sweeps (tests/check.h, test_count) and loops
# (tests/cli.h, under_valgrind); `make test` keeps the full counts.  The command's leaks are its
# definite ones: its worker ends with _exit and frees nothing (docs/reliability.md, "Who owns
# what"), so a Lua law library's state, never closed, holds blocks valgrind can only call
# "possibly lost" (Lua points into its strings); memory lost while running is "definite".
check-valgrind: deps-valgrind
	@$(MAKE) --no-print-directory lawtester $(BUILD)/run_tests
	@$(TEST_ENV) LAWTESTER_VALGRIND=1 LAWTESTER="valgrind -q --suppressions=tests/valgrind.supp --error-exitcode=99 --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite ./lawtester" \
	  valgrind -q --suppressions=tests/valgrind.supp --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite $(BUILD)/run_tests

# Fuzzing with libFuzzer (clang): tests/fuzz/fuzz_{script,fmt,merge}.c over tests/fuzz_inputs.c,
# built with ASan+UBSan into build-fuzz/ (the objects of the library too).  Corpora grow in
# build-fuzz/corpus-*/, crashes land in build-fuzz/crash-*; the seeds in the tree are only read.
# `make fuzz` runs each target FUZZ_SECONDS (default 600 s); `make fuzz-ci`, CI's bounded run,
# 60 s in all.  A crash found becomes an input under tests/fuzz/regress/TARGET/, which
# tests/test_fuzz.c runs in every `make test`.
FUZZ_TARGETS := script fmt merge
FUZZ_SECONDS ?= 600
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

$(BUILD)/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz_inputs.o $(OBJ)
	$(CC) $(CFLAGS) -fsanitize=fuzzer $(LDFLAGS) -o $@ $^ $(LIBS)

.SECONDARY: $(FUZZ_TARGETS:%=build-fuzz/tests/fuzz/fuzz_%.o)

fuzz-build: deps-fuzz
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang CFLAGS="$(FUZZ_FLAGS)" $(FUZZ_TARGETS:%=build-fuzz/fuzz_%)

fuzz: fuzz-build
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-ci: fuzz-build
	@sh tests/fuzz/run.sh 40 script
	@sh tests/fuzz/run.sh 10 fmt merge

# The benchmark of docs/performance.md (not part of `make test`): every case in its own process, several
# runs each; prints the table, the machine and the targets.  A few minutes (a 1e8-step run).
bench: deps
	@$(MAKE) --no-print-directory $(BUILD)/lawtester-bench $(BUILD)/bench/plugin_linear.so
	@$(BUILD)/lawtester-bench

# lawtester against LIGGGHTS and LAMMPS, per contact step (docs/performance.md, "Against the DEM
# codes"; not part of `make test`): the same two-sphere impacts, head-on and oblique, 1e6 steps each
# in contact, 5 interleaved rounds, about 1.5 minutes.  PEERS_ARGS passes options to
# bench/peers/run.sh (--steps N, --reps N, --codes LIST, -o DIR, --instructions: callgrind counts
# a step too, a few minutes more); outputs in build/bench-peers/.
bench-peers:
	@sh .ci/deps $(PEER_PKGS)
	@$(MAKE) --no-print-directory lawtester
	@sh bench/peers/run.sh $(PEERS_ARGS)

clean:
	rm -rf build build-asan build-fuzz lawtester out

# ---- layout (.clang-format, clang-format 14 from Debian's clang-format) ------------------------
# Our C: src/, laws/, the law header, tests/ and bench/.  Not the generated src/output/fmt_table.h
# (src/output/fmt_tables_gen.py writes it) nor examples/, which show a user's code as written.
FORMAT_FILES = $(filter-out src/output/fmt_table.h,$(wildcard src/*.c src/*/*.[ch] laws/*.[ch] laws/kit/*.[ch] \
               include/lawtester/*.h tests/*.[ch] tests/fuzz/*.[ch] tests/plugins/*.[ch] bench/*.[ch]))

format: deps-format
	@clang-format -i $(FORMAT_FILES)

format-check: deps-format
	@clang-format --version
	@clang-format --dry-run --Werror $(FORMAT_FILES) && echo "format-check: $(words $(FORMAT_FILES)) files follow .clang-format"

deps-format:
	@sh .ci/deps clang-format

help:
	@echo "make          build ./lawtester"
	@echo "make demo     run $(DEMO) into out/ and render its plots"
	@echo "make test     run every test (prints 'N passed, N failed')"
	@echo "make bench    the benchmark (steps/s, rows/s, peak memory, ratio to the bare kernel)"
	@echo "make bench-peers  lawtester against LIGGGHTS and LAMMPS per contact step (installs them; PEERS_ARGS=)"
	@echo "make energy-study  regenerate the slip-dissipation table and figure of docs/energy.md"
	@echo "make md-incidence  regenerate the tangential-rule scan (table and figure) of docs/laws.md"
	@echo "make benchmarks  Chung & Ooi's tests and Thornton's oblique impacts against closed forms: out/benchmarks/ (docs/verify.md)"
	@echo "make install  PREFIX=/usr/local DESTDIR=: program, law.h, lawtester.pc, man page, plots;  make uninstall"
	@echo "make asan     the tests under ASan+UBSan;  make check-valgrind  the tests under valgrind"
	@echo "make fuzz     the libFuzzer targets, FUZZ_SECONDS each (600);  make fuzz-ci  60 s in all"
	@echo "make format   lay the C out by .clang-format;  make format-check  fail on a file that does not follow it"

-include $(wildcard $(BUILD)/src/*.d $(BUILD)/src/*/*.d $(BUILD)/laws/*.d $(BUILD)/laws/kit/*.d $(BUILD)/tests/*.d $(BUILD)/tests/fuzz/*.d $(BUILD)/bench/*.d)
