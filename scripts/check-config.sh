#!/usr/bin/env bash
# usage: scripts/check-config.sh CONFIG FRAGMENT...
# Fails, naming them, if lines of the fragments are not in CONFIG:
# "CONFIG_X=v" must be there as is, "# CONFIG_X is not set" must not be
# set to anything. As in merge_config.sh, a later fragment's line for a
# symbol overrides an earlier one.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 CONFIG FRAGMENT..." >&2; exit 2; }
config=$1
shift

declare -A want
order=()
while read -r line; do
	case $line in
	CONFIG_*=*) sym=${line%%=*} ;;
	"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *} ;;
	*) continue ;;
	esac
	[ -n "${want[$sym]+set}" ] || order+=("$sym")
	want[$sym]=$line
done < <(cat "$@")

missing=()
for sym in "${order[@]}"; do
	line=${want[$sym]}
	case $line in
	CONFIG_*) grep -qxF "$line" "$config" || missing+=("$line") ;;
	*) ! grep -q "^$sym=" "$config" || missing+=("$line") ;;
	esac
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "error: not in the final .config ($config):" >&2
	printf '  %s\n' "${missing[@]}" >&2
	exit 1
fi
