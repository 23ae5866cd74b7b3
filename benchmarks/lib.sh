# Sourced by the benchmarks that compare two runs side by side.

# stats: median (min-max) of the numbers on stdin
stats() {
	sort -g | awk '{ v[NR] = $1 }
		END { printf "%.3f (%.3f-%.3f)", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

# ratio A B: A / B, 0 where B is 0 (below GNU time's resolution)
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { print (b > 0 ? a / b : 0) }'
}
