#!/usr/bin/env bash
# usage: tests/host/upstream-prerequisites.sh
# The prerequisite-patch-id lines of each cover letter in upstream/ must
# be, in order, git patch-id --stable of the patches of the series that
# upstream/series says it needs, as they are in upstream/.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
up=$top/upstream
mapfile -t lines < <(sed -n 's/^# *series \([^ ]*\) needs \(.*\)$/\1 \2/p' "$up/series")
echo "1..${#lines[@]}"
n=0
for line in "${lines[@]}"; do
	read -r folder needs <<<"$line"
	n=$((n + 1))
	want=""
	for dep in $needs; do
		[ "$dep" = - ] && continue
		for p in "$up/$dep"/[0-9]*.patch; do
			case $p in */0000-cover-letter.patch) continue ;; esac
			want+="prerequisite-patch-id: $(git patch-id --stable <"$p" | cut -d' ' -f1)"$'\n'
		done
	done
	got=$(grep '^prerequisite-patch-id: ' "$up/$folder/0000-cover-letter.patch")
	if [ "$got" = "${want%$'\n'}" ]; then
		echo "ok $n upstream prerequisites: $folder"
	else
		echo "not ok $n upstream prerequisites: $folder"
		diff -u <(printf '%s' "$want") <(printf '%s\n' "$got") | sed 's/^/# /'
	fi
done
