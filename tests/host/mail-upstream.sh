#!/usr/bin/env bash
# usage: tests/host/mail-upstream.sh
# scripts/mail-upstream.py must put the sender's identity where upstream/
# has the project's neutral one, say the base in words instead of the
# local base-commit, and write nothing without a sender of its own.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mail=$top/scripts/mail-upstream.py
series=A-perf-deferred-fixes
n=0
check() {	# check NAME GOT WANT
	n=$((n + 1))
	if [ "$2" = "$3" ]; then
		echo "ok $n mail-upstream: $1"
	else
		echo "not ok $n mail-upstream: $1"
		diff -u <(printf '%s\n' "$3") <(printf '%s\n' "$2") | sed 's/^/# /'
	fi
}
# Neither a repository's nor the user's git identity
nogit() {
	(cd "$tmp" && HOME=$tmp GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null "$@")
}
echo "1..8"

paths=$(nogit "$mail" --from "José Müller <jm@example.net>" -o "$tmp/out" $series)
check "prints the mails, cover letter first" "$(sed -n 1p <<<"$paths")" \
	"$tmp/out/$series/0000-cover-letter.patch"
check "one mail per file of the series" "$(wc -l <<<"$paths")" \
	"$(ls "$top/upstream/$series" | wc -l)"
check "From: of a patch, RFC 2047" \
	"$(grep -m1 '^From: ' "$tmp/out/$series/0002-"*)" \
	"From: =?utf-8?b?Sm9zw6kgTcO8bGxlcg==?= <jm@example.net>"
check "no neutral identity left" \
	"$(grep -rl -e 'Deferred Callchains Project' -e 'deferred-callchains@' "$tmp/out")" ""
check "the cover letter's base in words, its sign-off and no base-commit" \
	"$(grep -e '^Based on' -e '(7):$' -e '^base-commit' "$tmp/out/$series/0000-cover-letter.patch")" \
	"Based on v7.2.13.
José Müller (7):"
nogit "$mail" --from "José Müller <jm@example.net>" -o "$tmp/out" C-perf-tools-deferred-fixes >/dev/null
check "a cover letter that names its base: not said again" \
	"$(grep -c -e 'Based on' "$tmp/out/C-perf-tools-deferred-fixes/0000-cover-letter.patch")" 0
got=$(nogit "$mail" -o "$tmp/none" $series 2>&1)
[ -e "$tmp/none" ] && got="$got (wrote $tmp/none)"
check "no sender: refused, nothing written" "$got" \
	"mail-upstream: no sender: give --from \"Name <address>\" or set git's user.name and user.email; the mails need a person in From: and Signed-off-by:"
got=$(nogit "$mail" --from "Deferred Callchains Project <deferred-callchains@example.org>" \
	-o "$tmp/none" $series 2>&1)
check "the neutral identity: refused" "$got" \
	"mail-upstream: Deferred Callchains Project <deferred-callchains@example.org> is the project's neutral identity, which no one can sign off as: give your own with --from"
