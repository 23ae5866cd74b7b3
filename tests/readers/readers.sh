#!/usr/bin/env bash
# usage: [PERF=build/perf/perf] tests/readers/readers.sh DIR
# Readers that know nothing of deferred callchains, on the recordings of
# the guest (guest/readers-recording.sh, in DIR): what perf record -g
# writes by default (default.data) and compressed data after perf inject
# --merge-callchains (zinject.data) must show every user stack there is.
# Each reader is compared with this series' perf on the same file:
#   perf 6.12 (trixie's, the unpatched 6.12): perf script -F
#     tid,time,ip, line for line (the blanks between fields made one);
#   perf 6.1 (Debian 12's linux-perf): the same, as the number of user
#     frames of each sample (it prints some user addresses relative to
#     their map: 1ab70 for 7f2b17f96b70);
#   hotspot's perfparser 1.3 (Debian 12) and 1.6 (sid): every user
#     address there is (its output holds each address once; 1.6 holds a
#     return address less 1), and no complaint about a callchain;
#   samply 0.13 (sid): the number of user frames of each sample.
# The same readers on the records that --call-graph fp,defer keeps
# (defer.data) are shown as comments: they lose the user frames there.
# The sid and trixie readers come from scripts/get-readers.sh. TAP.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
perf=${PERF:-$top/build/perf/perf}
dir=$1
. "$top/tests/perf-data/tap.bash"

bin=$top/build/readers/bin
readers="perf-6.1 perf-6.12 perfparser-1.3 perfparser-1.6 samply-0.13"
echo "1..12"

# script PERF FILE: the samples of FILE as PERF shows them, the blanks
# between fields made one (perf 6.1 pads the tid less)
script() {
	"$1" script -F tid,time,ip -i "$2" 2>"$tmp/err" | awk '{ $1 = $1; print }'
}

# user_frames: "TID: N" for each sample of perf script -F tid,time,ip,
# N its user frames: the first frame outside the kernel's addresses and
# all after it (a frame pointer walk in code built without them can
# find one that looks like a kernel address)
user_frames() {
	awk 'function out() { if (tid != "") print tid ": " n }
	     $NF ~ /:$/ { out(); tid = $1; n = 0; next }
	     NF == 1 && (n || $1 !~ /^ffff/) { n++ }
	     END { out() }'
}

# perfparser BINARY FILE: how many user addresses of this perf's view
# the parser's output lacks, and its complaints about callchains
perfparser() {
	"$1" --input "$2" --output "$tmp/pp.out" 2>"$tmp/pp.err" >/dev/null
	python3 - "$tmp/pp.out" "$tmp/ours.ips" <<'EOF'
import struct, sys
data = open(sys.argv[1], "rb").read()
ips = [int(l, 16) for l in open(sys.argv[2])]
missing = [ip for ip in ips if struct.pack(">Q", ip) not in data and
           struct.pack(">Q", ip - 1) not in data]
print("%d of %d user addresses missing" % (len(missing), len(ips)))
EOF
	echo "$(grep -c 'invalid callchain context\|unhandled event type 22' "$tmp/pp.err") complaints"
}

# view READER FILE: what READER shows of FILE, and what it must show
# (this perf's view) in $tmp/want.txt
view() {
	case $1 in
	perf-6.1)
		script /usr/bin/perf "$2" | user_frames
		user_frames <"$tmp/ours.txt" >"$tmp/want.txt"
		;;
	perf-6.12) script "$bin/perf-6.12" "$2"; cp "$tmp/ours.txt" "$tmp/want.txt" ;;
	perfparser-*)
		if [ "$1" = perfparser-1.3 ]; then
			perfparser "$top/build/perfparser/hotspot-perfparser" "$2"
		else
			perfparser "$bin/perfparser-1.6" "$2"
		fi
		printf '0 of %d user addresses missing\n0 complaints\n' \
			"$(wc -l <"$tmp/ours.ips")" >"$tmp/want.txt"
		;;
	samply-0.13)
		"$bin/samply" import --save-only --no-open -o "$tmp/profile.json" "$2" \
			>/dev/null 2>"$tmp/err" &&
			python3 "$here/samply-stacks.py" --user-frames "$tmp/profile.json"
		user_frames <"$tmp/ours.txt" >"$tmp/want.txt"
		;;
	esac
}

# summary READER: what READER's view on stdin shows of the user stacks
summary() {
	case $1 in
	perfparser-*) paste -sd, ;;
	perf-6.12) user_frames | summary samples ;;
	*) awk '{ n++ } $2 >= 17 { w++ }
		END { printf "%d samples, %d with 17 user frames or more\n", n, w }' ;;
	esac
}

for f in default zinject defer; do
	data=$dir/$f.data
	if [ ! -s "$data" ]; then
		[ "$f" = defer ] && continue
		for r in perf $readers; do fail "$r: no $f.data from the guest"; done
		continue
	fi
	script "$perf" "$data" >"$tmp/ours.txt"
	awk 'NF == 1 && $1 !~ /^ffff/ { print $1 }' "$tmp/ours.txt" | sort -u >"$tmp/ours.ips"
	samples=$(grep -c ':$' "$tmp/ours.txt")
	whole=$(user_frames <"$tmp/ours.txt" | awk '$2 >= 17' | wc -l)
	if [ "$f" = defer ]; then
		echo "# defer.data: $samples samples, $whole with 17 user frames or more"
	elif [ "$whole" -gt 0 ]; then
		ok "perf: $f.data: $samples samples, $whole with 17 user frames or more"
	else
		fail "perf: $f.data: $samples samples, none with 17 user frames or more" \
			"$tmp/ours.txt"
	fi
	for r in $readers; do
		view "$r" "$data" >"$tmp/got.txt"
		diff -u "$tmp/want.txt" "$tmp/got.txt" >"$tmp/diff"
		if [ "$f" = defer ]; then
			echo "# $r on defer.data: $(summary "$r" <"$tmp/got.txt")"
		elif [ ! -s "$tmp/diff" ]; then
			ok "$r reads $f.data as this perf does"
		else
			[ -s "$tmp/err" ] && head -5 "$tmp/err" | sed 's/^/stderr: /' >>"$tmp/diff"
			fail "$r reads $f.data as this perf does" "$tmp/diff"
		fi
	done
done
