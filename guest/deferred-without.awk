# usage: perf script --no-merge-callchains --show-task-events -F tid,time,ip,sym --ns |
#	awk -f deferred-without.awk
# Finds the samples whose deferred user callchain has no record (a cookie
# frame, no DEFERRED CALLCHAIN of its thread with that cookie) and says,
# for each thread and cookie, what came of the thread after its last such
# sample:
#   in the kernel  nothing more of the thread in the file: it had not
#                  returned to user space when the recording ended, so
#                  no record could be written (not a loss);
#   exited         its PERF_RECORD_EXIT came later: the kernel writes a
#                  pending record before it, so this one was lost;
#   went on        later samples or records of the thread: it returned to
#                  user space without writing the record, lost too.
# Prints "without N in-the-kernel N exited N went-on N" and then one line
# per thread and cookie, most samples first, with their first kernel
# frames.
/^ *[0-9]+ +[0-9]+\.[0-9]+: / {
	tid = $1
	t = $2
	sub(/:$/, "", t)
	t += 0
	insample = 0
	if ($0 ~ /PERF_RECORD_EXIT\(/) {
		s = $0
		sub(/.*PERF_RECORD_EXIT\([0-9]+:/, "", s)
		sub(/\).*/, "", s)
		exited[s] = t
		next
	}
	if ($0 ~ /PERF_RECORD_/)
		next
	last[tid] = t
	if (match($0, /DEFERRED CALLCHAIN \[cookie: [0-9a-f]+\]/)) {
		c = substr($0, RSTART + 28, RLENGTH - 29)
		rec[tid " " c] = 1
		next
	}
	insample = 1
	nf = 0
	frames = ""
	next
}
insample && /^[ \t]+[0-9a-f]+ / {
	if ($2 == "(cookie)") {
		key = tid " " $1
		n[key]++
		lastsample[key] = t
		where[key] = frames
		insample = 0
	} else if (++nf <= 4) {
		frames = frames " " $2
	}
	next
}
/^$/ { insample = 0 }
END {
	for (key in n) {
		if (key in rec)
			continue
		split(key, k, " ")
		if (k[1] in exited && exited[k[1]] >= lastsample[key])
			kind = "exited"
		else if (last[k[1]] > lastsample[key])
			kind = "went-on"
		else
			kind = "in-the-kernel"
		total += n[key]
		count[kind] += n[key]
		line[key] = sprintf("%d samples, tid %s cookie %s, last at %.9f: %s;%s",
				    n[key], k[1], k[2], lastsample[key], kind, where[key])
	}
	printf "without %d in-the-kernel %d exited %d went-on %d\n", total,
		count["in-the-kernel"], count["exited"], count["went-on"]
	for (key in line)
		print line[key] | "sort -rn | head -20"
}
