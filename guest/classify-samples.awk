# usage: awk -f classify-samples.awk SCRIPT_OUTPUT
# Reads perf script -F comm,tid,ip,sym,dso output of the phases workload
# and prints one line per sample: its kernel part (read: do_preadv,
# write: do_pwritev, other), its user part (phase_read, phase_write, both,
# none: resolved but no phase function, unknown: no user frame resolved,
# -: shown without a user part) and a verdict: "right" (a read or write
# stitched to its own phase), "wrong" (to anything else), "lost" (no user
# part), "unknown" or "other".

function flush() {
	if (!n)
		return
	kernel = "other"
	if (kr && !kw)
		kernel = "read"
	if (kw && !kr)
		kernel = "write"
	if (!u)
		user = "-"
	else if (ur && uw)
		user = "both"
	else if (ur || uw)
		user = ur ? "phase_read" : "phase_write"
	else
		user = u == uk ? "unknown" : "none"
	if (!u)
		verdict = "lost"
	else if (kernel == "other" || user == "unknown")
		verdict = kernel == "other" ? "other" : "unknown"
	else
		verdict = user == "phase_" kernel ? "right" : "wrong"
	print kernel, user, verdict
	n = kr = kw = u = uk = ur = uw = 0
}
/^[^\t]/ { flush(); n = 1; next }
/^$/ { flush(); next }
{
	if ($NF == "([kernel.kallsyms])") {
		kr += $2 ~ /^do_preadv/
		kw += $2 ~ /^do_pwritev/
	} else {
		u++
		uk += $2 == "[unknown]"
		ur += $2 ~ /^phase_read/
		uw += $2 ~ /^phase_write/
	}
}
END { flush() }
