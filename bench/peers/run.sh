#!/bin/sh
# bench/peers/run.sh - `make bench-peers`: the same two-sphere Hertz impact in lawtester, LIGGGHTS
# and LAMMPS, timed per contact step (docs/performance.md, "Against the DEM codes").
#
#   sh bench/peers/run.sh [--steps N] [--reps N] [--codes lawtester,liggghts,lammps] [-o DIR] [--instructions]
#
# Cases (every step of every run in contact, one pair, no gravity, dt = 50 ps, a row every 1000
# steps; the decks and stage files beside this script say why):
#   headon   lawtester `rescale` (bench/peers/headon.lua), LIGGGHTS hertz + tangential history,
#            LAMMPS hertz/material + mindlin_rescale/force; head-on, so no tangential load.
#   oblique  the same at vt = 0.5 m/s across: lawtester `rescale` and `md` (160 cells), LIGGGHTS
#            tangential history, LAMMPS mindlin_rescale/force.
# Each round runs every (case, code) once, in a fresh process, the codes interleaved so that the
# host's load falls on all of them alike; --reps rounds (default 5).  Measured per run: the whole
# process (wall clock, and its CPU time user + sys from `times`, 10 ms ticks), and for LIGGGHTS
# and LAMMPS their own loop, the "Loop time of X on 1 procs for N steps" line they print.  Per
# step: time / N.  Printed: best, median and worst of the rounds, the spread (worst/best - 1),
# the ratios of the peers' loops to lawtester's whole process, the targets, the machine, its load
# (`uptime`) before and after each case, and the versions.
# Physics check (the last round's head-on records): lawtester's Fx and ux against LAMMPS's and
# LIGGGHTS's normal force Fn and -delta, by `lawtester compare --rtol PHYS_RTOL`; a difference
# beyond it fails.  The oblique records are compared too (Fn, delta, Ft), for information.
# --instructions adds each run's instructions a step under callgrind (valgrind), which the host's
# load does not change (a few minutes more).
# Environment: LAWTESTER (default ./lawtester), LMP (lmp), LIGGGHTS (liggghts).
# Exit status: 0, or 1 with one line "bench-peers: ..." on stderr (a code missing, an output that
# cannot be parsed, a run that failed, physics that differ), 2 for a bad command line.
set -u

die() { echo "bench-peers: $*" >&2; exit 1; }
usage() { echo "bench-peers: $*; usage: sh bench/peers/run.sh [--steps N] [--reps N] [--codes LIST] [-o DIR] [--instructions]" >&2; exit 2; }

# The codes integrate the same leapfrog/velocity-Verlet trajectory; they differ by round-off in
# the positions (ulp(10 mm) = 1.7e-18 m a step, at worst 1.7e-12 m summed over 1e6 steps, 1e-7 of
# the 2e-5 m overlap, 1.5e-7 in the Hertz force): 1e-6 of the largest value bounds that.
PHYS_RTOL=1e-6

steps=1000000 reps=5 codes=lawtester,liggghts,lammps out=build/bench-peers instructions=0
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) [ $# -ge 2 ] || usage "--steps needs a value"; steps=$2; shift 2 ;;
    --reps) [ $# -ge 2 ] || usage "--reps needs a value"; reps=$2; shift 2 ;;
    --codes) [ $# -ge 2 ] || usage "--codes needs a value"; codes=$2; shift 2 ;;
    -o) [ $# -ge 2 ] || usage "-o needs a value"; out=$2; shift 2 ;;
    --instructions) instructions=1; shift ;;
    *) usage "unknown argument '$1'" ;;
  esac
done
case "$steps" in ''|*[!0-9]*) usage "--steps '$steps' is not a whole number" ;; esac
case "$reps" in ''|*[!0-9]*) usage "--reps '$reps' is not a whole number" ;; esac
[ "$steps" -ge 2000 ] && [ $((steps % 2000)) = 0 ] || usage "--steps $steps: a multiple of 2000 (a row every 1000 steps, and half of them for --instructions)"
[ "$reps" -ge 1 ] || usage "--reps must be at least 1"

here=$(cd "$(dirname "$0")" && pwd) || die "cannot find the directory of $0"
LAWTESTER=${LAWTESTER:-./lawtester}
LMP=${LMP:-lmp}
LIGGGHTS=${LIGGGHTS:-liggghts}
use_lawtester=0 use_liggghts=0 use_lammps=0
for c in $(echo "$codes" | tr ',' ' '); do
  case "$c" in
    lawtester) use_lawtester=1 ;;
    liggghts) use_liggghts=1 ;;
    lammps) use_lammps=1 ;;
    *) usage "--codes: unknown code '$c' (lawtester, liggghts, lammps)" ;;
  esac
done
[ $use_lawtester = 1 ] || usage "--codes must include lawtester (the ratios are to it)"
command -v "$LAWTESTER" >/dev/null 2>&1 || die "lawtester not found at '$LAWTESTER' (make lawtester, or set LAWTESTER)"
[ $use_lammps = 0 ] || command -v "$LMP" >/dev/null 2>&1 ||
  die "LAMMPS not found: no '$LMP' on PATH (apt-get install lammps, or set LMP, or leave lammps out of --codes)"
[ $use_liggghts = 0 ] || command -v "$LIGGGHTS" >/dev/null 2>&1 ||
  die "LIGGGHTS not found: no '$LIGGGHTS' on PATH (apt-get install liggghts, or set LIGGGHTS, or leave liggghts out of --codes)"
date +%s.%N | grep -q '^[0-9]*\.[0-9]\{9\}$' || die "date +%s.%N does not give nanoseconds (GNU date needed)"
for f in in.lammps in.liggghts headon.lua oblique_rescale.lua oblique_md.lua; do
  [ -r "$here/$f" ] || die "$here/$f: cannot read"
done
mkdir -p "$out" || die "cannot create '$out'"
times_file="$out/times.tsv"
: > "$times_file" || die "cannot write '$times_file'"

# The lawtester stage files with a step count N (their line `local steps = 1000000`): $out/NAME-N.lua.
make_stages() {
  for f in headon oblique_rescale oblique_md; do
    sed "s/^local steps = 1000000\$/local steps = $1/" "$here/$f.lua" > "$out/$f-$1.lua" || die "cannot write '$out/$f-$1.lua'"
    grep -q "^local steps = $1\$" "$out/$f-$1.lua" || die "$here/$f.lua: no line 'local steps = 1000000' to set the step count in"
  done
}
make_stages "$steps"

now() { date +%s.%N; }
# CPU time (user + sys, s) of the finished children of this shell, from `times` run in this shell
# itself (in a command substitution it would report the subshell's children) into FILE; its
# second line is the children's.  cpu_between T0 T1: the CPU time the children took in between.
child_times() { times > "$1" || die "cannot write '$1'"; }
cpu_between() {
  awk 'FNR == 2 { split($1, u, "m"); split($2, s, "m"); sub("s", "", u[2]); sub("s", "", s[2]);
                  t[++n] = u[1] * 60 + u[2] + s[1] * 60 + s[2] }
       END { printf "%.3f", t[2] - t[1] }' "$1" "$2"
}
# The "Loop time of X on 1 procs for N steps" of a LAMMPS or LIGGGHTS output; checks N.
loop_time() {  # FILE CODE
  lt=$(sed -n 's/^Loop time of \([0-9.eE+-]*\) on 1 procs for \([0-9]*\) steps.*/\1 \2/p' "$1")
  [ -n "$lt" ] || die "$1: no 'Loop time of X on 1 procs for N steps' line in $2's output (its last line: $(tail -n 1 "$1"))"
  [ "$(echo "$lt" | wc -l)" = 1 ] || die "$1: more than one 'Loop time' line in $2's output"
  [ "${lt#* }" = "$steps" ] || die "$1: $2 ran ${lt#* } steps, not $steps"
  echo "${lt% *}"
}
# run_one CASE CODE LABEL ROUND COMMAND...: runs COMMAND in $out (its output to LABEL.ROUND.log),
# appends "CASE LABEL ROUND wall cpu loop" to times.tsv (loop "-" for lawtester).
run_one() {
  case_=$1 code_=$2 label_=$3 round_=$4; shift 4
  log_="$out/$label_.$round_.log"
  child_times "$out/.times0"; t0=$(now)
  (cd "$out" && "$@") > "$log_" 2>&1 || die "$label_ (round $round_) failed, exit status $?: $(tail -n 1 "$log_") (whole output: $log_)"
  t1=$(now); child_times "$out/.times1"
  cpu=$(cpu_between "$out/.times0" "$out/.times1")
  if [ "$code_" = lawtester ]; then lp=-; else lp=$(loop_time "$log_" "$code_") || exit 1; fi
  echo "$case_ $label_ $round_ $(echo "$t0 $t1" | awk '{ printf "%.6f", $2 - $1 }') $cpu $lp" >> "$times_file"
}
abspath() { case "$1" in /*) echo "$1" ;; */*) echo "$PWD/$1" ;; *) command -v "$1" ;; esac; }
LT=$(abspath "$LAWTESTER")
[ $use_lammps = 0 ] || LMP=$(abspath "$LMP")
[ $use_liggghts = 0 ] || LIGGGHTS=$(abspath "$LIGGGHTS")
load() { uptime | sed 's/.*load average: *//'; }

# each_run CASE N FUNC TAG: FUNC CASE CODE LABEL TAG COMMAND... for every code of the case, N steps.
each_run() {
  if [ "$1" = headon ]; then vt=0; else vt=0.5; fi
  if [ $use_liggghts = 1 ]; then
    $3 "$1" liggghts "liggghts-$1" "$4" "$LIGGGHTS" -in "$here/in.liggghts" -log none \
      -var steps "$2" -var vt $vt -var out "liggghts-$1.txt"
  fi
  if [ "$1" = headon ]; then
    $3 headon lawtester "lawtester-rescale-headon" "$4" "$LT" run -q "headon-$2.lua" -o .
  else
    $3 oblique lawtester "lawtester-rescale-oblique" "$4" "$LT" run -q "oblique_rescale-$2.lua" -o .
    $3 oblique lawtester "lawtester-md-oblique" "$4" "$LT" run -q "oblique_md-$2.lua" -o .
  fi
  if [ $use_lammps = 1 ]; then
    $3 "$1" lammps "lammps-$1" "$4" "$LMP" -in "$here/in.lammps" -log none \
      -var steps "$2" -var vt $vt -var out "lammps-$1.txt"
  fi
}

echo "== bench-peers: the same two-sphere Hertz impact in lawtester, LIGGGHTS and LAMMPS, per contact step"
echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1), $(nproc 2>/dev/null || echo '?') cores; $(uname -sr)"
echo "versions: $("$LT" version 2>&1 | head -n 1)"
[ $use_lammps = 0 ] || echo "          LAMMPS $( "$LMP" -log none -h 2>/dev/null | sed -n 's/.*Simulator - \(.*\)$/\1/p' | head -n 1) (package $(dpkg-query -W -f='${Version}' lammps 2>/dev/null || echo '?'))"
[ $use_liggghts = 0 ] || echo "          LIGGGHTS $("$LIGGGHTS" -log none -h 2>/dev/null | sed -n 's/^LIGGGHTS (Version \([^,]*\),.*/\1/p' | head -n 1) (package $(dpkg-query -W -f='${Version}' liggghts 2>/dev/null || echo '?'))"
echo "steps: $steps per run, every one in contact, a row every 1000; rounds: $reps; outputs: $out/"
echo "load before (uptime, 1/5/15 min): $(load)"

loads=""
for case_name in headon oblique; do
  l0=$(load)
  r=1
  while [ $r -le "$reps" ]; do each_run $case_name "$steps" run_one $r; r=$((r + 1)); done
  loads="$loads$case_name $l0 -> $(load)
"
done

# ---- physics: the last round's records ----------------------------------------------------------
# maxrel REF NEW COLS LABEL MODE: lawtester compare --key step, prints "COL max|diff|/max|REF|" for
# each column, comma-separated; MODE check: a column beyond PHYS_RTOL fails the run.
maxrel() {
  cmp_out=$("$LT" compare "$1" "$2" --key step --cols "$3" --rtol $PHYS_RTOL 2>"$out/compare.err")
  st=$?
  [ $st -le 1 ] || die "$4: lawtester compare could not read the tables: $(head -n 1 "$out/compare.err")"
  rel=$(echo "$cmp_out" | awk 'NR > 2 && NF >= 7 { printf "%s%s %.2e", n++ ? ", " : "", $1, ($3 > 0) ? $4 / $3 : $4 }')
  [ -n "$rel" ] || die "$4: lawtester compare printed no column rows: $(echo "$cmp_out" | head -n 1)"
  [ $st = 0 ] || [ "$5" != check ] || die "$4: the head-on impact differs beyond rtol $PHYS_RTOL ($rel): $(head -n 1 "$out/compare.err")"
  echo "$rel"
}
echo
echo "physics, the last round's records (lawtester's Fx, ux, Fy against the peer's force on atom 1 in the contact"
echo "frame Fn, Ft and -delta at each common row; max |diff| / max |lawtester's value|):"
for peer in lammps liggghts; do
  eval "use=\$use_$peer"
  [ "$use" = 1 ] || continue
  rel=$(maxrel "$out/peers-headon.tsv" "$out/$peer-headon.txt" "Fx=Fn,ux=-delta" "$peer" check) || exit 1
  echo "  head-on, lawtester vs $peer: $rel  (check: each <= $PHYS_RTOL)"
  rel=$(maxrel "$out/peers-oblique_rescale.tsv" "$out/$peer-oblique.txt" "Fx=Fn,ux=-delta,Fy=Ft" "$peer" info) || exit 1
  echo "  oblique, lawtester rescale vs $peer: $rel  (information: the tangential rules, below)"
done
[ $use_lammps = 0 ] || echo "    LAMMPS's mindlin_rescale/force is lawtester's rescale (incremental force, scaled down with the contact);"
[ $use_liggghts = 0 ] || echo "    LIGGGHTS's tangential history is another rule (kt of the step times the summed displacement)."

# ---- the table ----------------------------------------------------------------------------------
# ns a step of LABEL's measure (wall, cpu, loop): "best median worst"
stats() {  # CASE LABEL FIELD
  awk -v c="$1" -v l="$2" -v f="$3" -v n="$steps" '$1 == c && $2 == l { print $f / n * 1e9 }' "$times_file" |
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1;
      m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f %.1f %.1f", v[1], m, v[NR] }'
}
row() {  # CASE LABEL FIELD NAME
  s=$(stats "$1" "$2" "$3") || die "no timings of $2 in $times_file"
  echo "$s" | awk -v name="$4" '{ sp = $1 > 0 ? sprintf("%.0f %%", ($3 / $1 - 1) * 100) : "-";
                                  printf "  %-40s %10.1f %10.1f %10.1f %8s\n", name, $1, $2, $3, sp }'
}
echo
echo "per step (ns), over $reps rounds (CPU: user + sys, 10 ms ticks):"
printf "  %-40s %10s %10s %10s %8s\n" "" best median worst spread
for case_name in headon oblique; do
  echo "$case_name (load $(echo "$loads" | sed -n "s/^$case_name //p")):"
  if [ $case_name = headon ]; then labels="lawtester-rescale-headon"; else labels="lawtester-rescale-oblique lawtester-md-oblique"; fi
  for l in $labels; do
    row $case_name "$l" 4 "$l process"
    row $case_name "$l" 5 "$l process, CPU"
  done
  for peer in liggghts lammps; do
    eval "use=\$use_$peer"
    [ "$use" = 1 ] || continue
    row $case_name "$peer-$case_name" 6 "$peer-$case_name loop"
    row $case_name "$peer-$case_name" 4 "$peer-$case_name process"
    row $case_name "$peer-$case_name" 5 "$peer-$case_name process, CPU"
  done
done

# ---- ratios and targets ---------------------------------------------------------------------------
ratio() {  # CASE PEERLABEL LAWTESTERLABEL: "best-to-best median-to-median" of peer loop / lawtester process
  p=$(stats "$1" "$2" 6) && q=$(stats "$1" "$3" 4) || die "no timings for the ratio $2 / $3"
  echo "$p $q" | awk '{ printf "%.2f %.2f", $1 / $4, $2 / $5 }'
}
cpu_ratio() {  # CASE PEERLABEL LAWTESTERLABEL: median CPU time of the whole processes, peer / lawtester
  p=$(stats "$1" "$2" 5) && q=$(stats "$1" "$3" 5) || die "no timings for the ratio $2 / $3"
  echo "$p $q" | awk '{ if ($5 > 0) printf "%.2f", $2 / $5; else printf "-" }'
}
echo
echo "ratios (> 1: lawtester faster): the peer's loop / lawtester's whole process, wall clock, best and"
echo "median; and the CPU time of the whole processes (the peer's includes its start, a few 10 ms), median:"
printf "  %-58s %6s %9s %6s\n" "" best median CPU
for peer in liggghts lammps; do
  eval "use=\$use_$peer"
  [ "$use" = 1 ] || continue
  for pair in "headon lawtester-rescale-headon" "oblique lawtester-rescale-oblique" "oblique lawtester-md-oblique"; do
    set -- $pair
    printf "  %-58s %6s %9s %6s\n" "$peer-$1 / $2" $(ratio "$1" "$peer-$1" "$2") "$(cpu_ratio "$1" "$peer-$1" "$2")"
  done
done
target() {  # CASE LAWTESTERLABEL MIN TEXT
  if [ $use_liggghts = 0 ]; then echo "  $4: not measured (liggghts not among --codes)"; return; fi
  echo "$(ratio "$1" "liggghts-$1" "$2")" | awk -v t="$3" -v what="$4" '{
    printf "  %s: %s (best %.2f, median %.2f, target >= %s)\n", what,
      ($2 >= t) ? "met" : (($1 >= t) ? "met by the best runs only" : "missed"), $1, $2, t }'
}
echo "targets:"
target headon lawtester-rescale-headon 3 "Hertz head-on (rescale): lawtester >= 3x faster per step than LIGGGHTS' loop"
target oblique lawtester-md-oblique 1 "oblique (md): lawtester at least as fast per step as LIGGGHTS' loop"
echo "load after (uptime, 1/5/15 min): $(load)"

# ---- instructions a step (--instructions): callgrind, independent of the host's load ---------------
# Each (case, code) under valgrind --tool=callgrind at N and N/2 steps; instructions a step =
# (Ir(N) - Ir(N/2)) / (N/2): the fixed cost of a run (start, input, setup, exit) cancels, the
# contact steps of the impact's second half remain.  Ir summed over every process of the run.
irun_one() {  # CASE CODE LABEL N COMMAND...
  case_=$1 label_=$3 n_=$4; shift 4
  log_="$out/$label_.callgrind-$n_.log"
  (cd "$out" && valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@") > "$log_" 2>&1 ||
    die "$label_ under callgrind ($n_ steps) failed: $(tail -n 1 "$log_") (whole output: $log_)"
  ir=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$log_" | awk '{ s += $1 } END { if (NR) print s }')
  [ -n "$ir" ] || die "$log_: no 'Collected : N' line in callgrind's output"
  echo "$case_ $label_ $n_ $ir" >> "$out/instructions.tsv"
}
if [ $instructions = 1 ]; then
  command -v valgrind >/dev/null 2>&1 || die "valgrind not found (apt-get install valgrind), needed by --instructions"
  half=$((steps / 2))
  make_stages $half
  : > "$out/instructions.tsv" || die "cannot write '$out/instructions.tsv'"
  for case_name in headon oblique; do
    each_run $case_name "$steps" irun_one "$steps"
    each_run $case_name $half irun_one $half
  done
  echo
  echo "instructions a step (callgrind, (Ir($steps) - Ir($half)) / $half):"
  awk -v n="$steps" -v h="$half" '$3 == n { full[$2] = $4; order[++k] = $2 } $3 == h { part[$2] = $4 }
    END { for (i = 1; i <= k; i++) { l = order[i]; ips[l] = (full[l] - part[l]) / (n - h);
                                      printf "  %-40s %10.0f\n", l, ips[l] }
          for (i = 1; i <= k; i++) { l = order[i]; if (l !~ /^lawtester/) continue; c = l; sub(/.*-/, "", c)
            for (j = 1; j <= k; j++) { p = order[j]; if (p ~ /^lawtester/ || p !~ "-" c "$") continue
              printf "  %-58s %6.2f\n", p " / " l, ips[p] / ips[l] } } }' "$out/instructions.tsv"
fi
rm -f "$out/.times0" "$out/.times1" "$out/compare.err"
