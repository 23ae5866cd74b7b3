#!/usr/bin/env bash
# usage: scripts/check-config.sh CONFIG FRAGMENT...
# Fails, naming them, if lines of the fragments are not in CONFIG:
# "CONFIG_X=v" must be there as is, "# CONFIG_X is not set" must not be
# set to anything.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 CONFIG FRAGMENT..." >&2; exit 2; }
config=$1
shift

missing=()
while read -r line; do
	case $line in
	CONFIG_*=*)
		grep -qxF "$line" "$config" || missing+=("$line") ;;
	"# CONFIG_"*" is not set")
		sym=${line#\# }
		sym=${sym%% *}
		! grep -q "^$sym=" "$config" || missing+=("$line") ;;
	esac
done < <(cat "$@")
if [ ${#missing[@]} -gt 0 ]; then
	echo "error: not in the final .config ($config):" >&2
	printf '  %s\n' "${missing[@]}" >&2
	exit 1
fi
