#!/usr/bin/env bash
# usage: tests/host/check-config.sh
# scripts/check-config.sh must pass a .config that has every fragment line
# and fail, naming the line, on a missing or wrongly set symbol.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'CONFIG_A=y\nCONFIG_N=4\n# CONFIG_B is not set\n' >"$tmp/frag"
n=0
case_() {	# case_ NAME RC PATTERN CONFIG-CONTENT
	n=$((n + 1))
	printf '%b' "$4" >"$tmp/config"
	"$top/scripts/check-config.sh" "$tmp/config" "$tmp/frag" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" = "$2" ] && { [ -z "$3" ] || grep -q -- "$3" "$tmp/out"; }; then
		echo "ok $n check-config: $1"
	else
		echo "not ok $n check-config: $1 (exit $rc)"
		sed 's/^/# /' "$tmp/out"
	fi
}
echo "1..5"
case_ "all present" 0 '' 'CONFIG_A=y\nCONFIG_N=4\n# CONFIG_B is not set\n'
case_ "symbol missing" 1 'CONFIG_A=y' 'CONFIG_N=4\n'
case_ "wrong value" 1 'CONFIG_N=4' 'CONFIG_A=y\nCONFIG_N=2\n'
case_ "set but wanted off" 1 'CONFIG_B is not set' 'CONFIG_A=y\nCONFIG_N=4\nCONFIG_B=y\n'
printf '# CONFIG_N is not set\n' >"$tmp/frag2"
n=$((n + 1))
printf 'CONFIG_A=y\n' >"$tmp/config"
if "$top/scripts/check-config.sh" "$tmp/config" "$tmp/frag" "$tmp/frag2" >"$tmp/out" 2>&1; then
	echo "ok $n check-config: a later fragment overrides an earlier one"
else
	echo "not ok $n check-config: a later fragment overrides an earlier one"
	sed 's/^/# /' "$tmp/out"
fi
