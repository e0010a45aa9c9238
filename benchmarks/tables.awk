# benchmarks/tables.awk - the result tables of benchmarks/run.sh and
# benchmarks/realworld/run.sh, from their results file (one line per run:
# program build repetition wall_seconds rss_kb cpu_seconds).
#
# Variables (awk -v): builds, names (space-separated, in table order),
# md=1 for Markdown; cpu=1 adds a CPU-time (user+sys) table to the
# plain/asan/sleuth tables.
function median(key,   n, i, j, t, a) {
    n = cnt[key]
    if (n == 0) return -1
    for (i = 1; i <= n; i++) a[i] = val[key, i]
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    if (n % 2) return a[(n + 1) / 2]
    return (a[n / 2] + a[n / 2 + 1]) / 2
}
function cell(x, fmt) { return x < 0 ? "-" : sprintf(fmt, x) }
function ratio(a, b) { return (a > 0 && b > 0) ? a / b : -1 }
function row(c1, c2, c3, c4, c5, c6, c7) {
    if (md) printf "| %s | %s | %s | %s | %s | %s | %s |\n", c1, c2, c3, c4, c5, c6, c7
    else printf "%-15s %10s %10s %11s %12s %10s %11s\n", c1, c2, c3, c4, c5, c6, c7
}
function table(metric, title, unit, fmt,   i, nm, p, a, s, r, k, lg, ng) {
    print ""
    print (md ? "#### " : "") title " (median of " reps " runs)"
    if (md) print ""
    row("program", "plain " unit, "asan " unit, "sleuth " unit, "sleuth/plain", "asan/plain", "sleuth/asan")
    if (md) print "|---|--:|--:|--:|--:|--:|--:|"
    for (k = 1; k <= 3; k++) { lg[k] = 0; ng[k] = 0 }
    for (i = 1; i <= nn; i++) {
        nm = nlist[i]
        p = median(nm SUBSEP "plain" SUBSEP metric)
        a = median(nm SUBSEP "asan" SUBSEP metric)
        s = median(nm SUBSEP "sleuth" SUBSEP metric)
        if (metric == "rss") { p = p < 0 ? p : p / 1024; a = a < 0 ? a : a / 1024; s = s < 0 ? s : s / 1024 }
        r[1] = ratio(s, p); r[2] = ratio(a, p); r[3] = ratio(s, a)
        for (k = 1; k <= 3; k++) if (r[k] > 0) { lg[k] += log(r[k]); ng[k]++ }
        row(nm, cell(p, fmt), cell(a, fmt), cell(s, fmt), cell(r[1], "%.2fx"), cell(r[2], "%.2fx"), cell(r[3], "%.2fx"))
    }
    for (k = 1; k <= 3; k++) r[k] = ng[k] ? exp(lg[k] / ng[k]) : -1
    row(md ? "**GEOMEAN**" : "GEOMEAN", "", "", "", cell(r[1], "%.2fx"), cell(r[2], "%.2fx"), cell(r[3], "%.2fx"))
}
# Heap profiling in the instrumented build: what heap_profile=1 adds to the
# time and RSS of the checker alone.
function proftable(metric, title, unit, fmt,   i, nm, s, q, r, lg, ng) {
    print ""
    print (md ? "#### " : "") title " (median of " reps " runs)"
    if (md) print ""
    if (md) printf "| %s | %s | %s | %s |\n|---|--:|--:|--:|\n", "program", "sleuth " unit, "sleuth+prof " unit, "prof/sleuth"
    else printf "%-15s %12s %17s %12s\n", "program", "sleuth " unit, "sleuth+prof " unit, "prof/sleuth"
    lg = 0; ng = 0
    for (i = 1; i <= nn; i++) {
        nm = nlist[i]
        s = median(nm SUBSEP "sleuth" SUBSEP metric)
        q = median(nm SUBSEP "prof" SUBSEP metric)
        if (metric == "rss") { s = s < 0 ? s : s / 1024; q = q < 0 ? q : q / 1024 }
        r = ratio(q, s)
        if (r > 0) { lg += log(r); ng++ }
        if (md) printf "| %s | %s | %s | %s |\n", nm, cell(s, fmt), cell(q, fmt), cell(r, "%.3fx")
        else printf "%-15s %12s %17s %12s\n", nm, cell(s, fmt), cell(q, fmt), cell(r, "%.3fx")
    }
    r = ng ? exp(lg / ng) : -1
    if (md) printf "| **GEOMEAN** | | | %s |\n", cell(r, "%.3fx")
    else printf "%-15s %12s %17s %12s\n", "GEOMEAN", "", "", cell(r, "%.3fx")
}
# Any other selection of runs: one column per run, then each run against
# plain, then the Sleuth runs against heaptrack when it ran.
function gtable(metric, title, unit, fmt,   i, k, nm, m, hdr, sep, line, cols, nr, rr, lg, ng, g) {
    print ""
    print (md ? "#### " : "") title " (median of " reps " runs)"
    if (md) print ""
    nr = 0
    for (k = 1; k <= nb; k++) if (blist[k] != "plain" && has["plain"]) { nr++; rnum[nr] = blist[k]; rden[nr] = "plain" }
    if (has["heaptrack"]) for (k = 1; k <= nb; k++)
        if (blist[k] == "profile" || blist[k] == "preload") { nr++; rnum[nr] = blist[k]; rden[nr] = "heaptrack" }
    # With guard pages and without: what the sampling costs.
    if (has["profile"] && has["profile0"]) { nr++; rnum[nr] = "profile"; rden[nr] = "profile0" }
    if (has["preload"] && has["preload0"]) { nr++; rnum[nr] = "preload"; rden[nr] = "preload0" }
    hdr = "program"; sep = "|---"
    for (k = 1; k <= nb; k++) { hdr = hdr (md ? " | " : " ") sprintf(md ? "%s" : "%12s", blist[k] " " unit); sep = sep "|--:" }
    for (k = 1; k <= nr; k++) { hdr = hdr (md ? " | " : " ") sprintf(md ? "%s" : "%16s", rnum[k] "/" rden[k]); sep = sep "|--:" }
    print (md ? "| " hdr " |" : sprintf("%-15s", "program") substr(hdr, 8))
    if (md) print sep "|"
    for (k = 1; k <= nr; k++) { lg[k] = 0; ng[k] = 0 }
    for (i = 1; i <= nn; i++) {
        nm = nlist[i]
        for (k = 1; k <= nb; k++) {
            m[blist[k]] = median(nm SUBSEP blist[k] SUBSEP metric)
            if (metric == "rss" && m[blist[k]] > 0) m[blist[k]] /= 1024
        }
        line = md ? "| " nm : sprintf("%-15s", nm)
        for (k = 1; k <= nb; k++) line = line (md ? " | " : " ") sprintf(md ? "%s" : "%12s", cell(m[blist[k]], fmt))
        for (k = 1; k <= nr; k++) {
            rr = ratio(m[rnum[k]], m[rden[k]])
            if (rr > 0) { lg[k] += log(rr); ng[k]++ }
            line = line (md ? " | " : " ") sprintf(md ? "%s" : "%16s", cell(rr, "%.2fx"))
        }
        print line (md ? " |" : "")
    }
    line = md ? "| **GEOMEAN**" : sprintf("%-15s", "GEOMEAN")
    for (k = 1; k <= nb; k++) line = line (md ? " | " : " ") sprintf(md ? "%s" : "%12s", "")
    for (k = 1; k <= nr; k++) { g = ng[k] ? exp(lg[k] / ng[k]) : -1; line = line (md ? " | " : " ") sprintf(md ? "%s" : "%16s", cell(g, "%.2fx")) }
    print line (md ? " |" : "")
}
BEGIN {
    nn = split(names, nlist, " ")
    nb = split(builds, blist, " ")
    for (i = 1; i <= nb; i++) {
        has[blist[i]] = 1
        if (blist[i] ~ /^(profile|profile0|preload|preload0|heaptrack)$/) haslaunch = 1
        else if (blist[i] == "prof") hasprof = 1
        else hasmain = 1
    }
}
{
    k = $1 SUBSEP $2 SUBSEP "time"; cnt[k]++; val[k, cnt[k]] = $4
    k = $1 SUBSEP $2 SUBSEP "rss";  cnt[k]++; val[k, cnt[k]] = $5
    k = $1 SUBSEP $2 SUBSEP "cpu";  cnt[k]++; val[k, cnt[k]] = $6
    if ($3 > reps) reps = $3
}
END {
    if (haslaunch) {
        gtable("time", "Wall time", "(s)", "%.3f")
        gtable("cpu", "CPU time (user+sys, all threads and processes)", "(s)", "%.3f")
        gtable("rss", "Peak RSS", "(MB)", "%.1f")
        exit
    }
    if (hasmain) {
        table("time", "Wall time", "(s)", "%.3f")
        if (cpu) table("cpu", "CPU time (user+sys, all threads)", "(s)", "%.3f")
        table("rss", "Peak RSS", "(MB)", "%.1f")
    }
    if (hasprof) {
        proftable("time", "Heap profiling on, wall time", "(s)", "%.3f")
        proftable("cpu", "Heap profiling on, CPU time (user+sys, all threads)", "(s)", "%.3f")
        proftable("rss", "Heap profiling on, peak RSS", "(MB)", "%.1f")
    }
}
