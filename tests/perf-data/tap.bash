# Sourced by the tests in this folder: a temporary folder $tmp, removed
# at exit, and TAP helpers. Not a test itself (test.sh runs *.sh).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
n=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
fail() {	# fail NAME [FILE]: FILE's first lines as diagnostics
	n=$((n + 1))
	echo "not ok $n $1"
	[ -f "${2:-}" ] && sed 's/^/# /' "$2" | head -40
}
# check NAME FILE: FILE must equal the expected text on stdin; the first
# lines of $tmp/err, the stderr of the command, go with a failure.
check() {
	if diff -u - "$2" >"$tmp/diff" && [ -s "$2" ]; then
		ok "$1"
	else
		echo "(output empty or different)" >>"$tmp/diff"
		[ -s "$tmp/err" ] && head -5 "$tmp/err" | sed 's/^/stderr: /' >>"$tmp/diff"
		fail "$1" "$tmp/diff"
	fi
	: >"$tmp/err"
}
# Killed by SIGILL, SIGABRT, SIGBUS, SIGFPE or SIGSEGV (129 is perf's usage error).
crashed() { case $1 in 132|134|135|136|139) true;; *) false;; esac; }
