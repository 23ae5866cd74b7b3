# shellcheck shell=sh
# measure_speed: sets SPEED_CS to the centiseconds that a fixed busy
# loop on each of the guest's two vCPUs takes now, and SPEED_FACTOR to
# how many times slower than on the idle development machine
# (SPEED_REF_CS) that is, at least 1, one decimal. A busy host slows the
# guest's vCPUs, and every timeout must follow. Sourced by suite.sh.
SPEED_REF_CS=${SPEED_REF_CS:-50}

spin() {
	i=0
	while [ "$i" -lt 20000 ]; do
		i=$((i + 1))
	done
}

measure_speed() {
	t0=$(cut -d' ' -f1 /proc/uptime)
	spin &
	spin
	wait $!
	SPEED_CS=$(awk -v t0="$t0" '{ printf "%d\n", ($1 - t0) * 100 + 0.5 }' /proc/uptime)
	SPEED_FACTOR=$(awk -v t="$SPEED_CS" -v ref="$SPEED_REF_CS" 'BEGIN {
		f = int(t * 10 / ref + 0.999) / 10
		printf "%.1f\n", f < 1 ? 1 : f
	}')
}

# scaled SECONDS FACTOR: SECONDS times FACTOR, rounded up
scaled() {
	awk -v s="$1" -v f="$2" 'BEGIN {
		t = s * f
		printf "%d\n", t == int(t) ? t : int(t) + 1
	}'
}
