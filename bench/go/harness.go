// Timing, allocation counting and record output, mirroring bench/runner/harness.cpp:
// every case is calibrated to a batch of at least repTime, then reps batches are
// run interleaved across the libraries of a (workload, dataset) group.
package main

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

type config struct {
	repTime float64
	reps    int
	threads int
}

type benchCase struct {
	library string
	version string
	variant string
	note    string
	op      func() int
}

type group struct {
	workload  string
	dataset   string
	metric    string // "throughput" (MB/s of dataBytes) or "latency" (ns per item)
	dataBytes float64
	docsPerOp float64
	perCall   float64
	caseBytes []float64 // per-case bytes per op when they differ (serializers); else dataBytes
}

var records []string
var sink int

func jsonStr(s string) string { return strconv.Quote(s) }

func readHWM() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			if len(f) >= 2 {
				v, _ := strconv.ParseInt(f[1], 10, 64)
				return v
			}
		}
	}
	return -1
}

func resetHWM() bool { return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil }

func runGroup(cfg config, g group, cases []benchCase) {
	if g.perCall == 0 {
		g.perCall = 1
	}
	iters := make([]int, len(cases))
	// Calibration (its first batch is the warm-up): grow the batch until it lasts
	// an eighth of repTime, then scale it to repTime.
	for i, c := range cases {
		iters[i] = 1
		for {
			t := time.Now()
			for k := 0; k < iters[i]; k++ {
				sink += c.op()
			}
			el := time.Since(t).Seconds()
			if el >= cfg.repTime || iters[i] > 1<<30 {
				break
			}
			if el >= cfg.repTime/8 {
				iters[i] = int(math.Ceil(float64(iters[i]) * cfg.repTime * 1.1 / el))
				break
			}
			if el <= cfg.repTime/800 {
				iters[i] *= 10
			} else {
				iters[i] *= 2
			}
		}
	}
	samples := make([][]float64, len(cases))
	for r := 0; r < cfg.reps; r++ {
		for i, c := range cases {
			runtime.GC() // start every batch from the same heap state
			t := time.Now()
			for k := 0; k < iters[i]; k++ {
				sink += c.op()
			}
			samples[i] = append(samples[i], float64(time.Since(t).Nanoseconds())/float64(iters[i])/g.perCall)
		}
	}
	for i, c := range cases {
		var m0, m1 runtime.MemStats
		runtime.GC()
		hwmOK := resetHWM()
		runtime.ReadMemStats(&m0)
		n := iters[i] // about one rep's worth, at most 16 ops
		if n > 16 {
			n = 16
		}
		for k := 0; k < n; k++ {
			sink += c.op()
		}
		runtime.ReadMemStats(&m1)
		allocs := float64(m1.Mallocs-m0.Mallocs) / float64(n) / g.perCall
		bytes := float64(m1.TotalAlloc-m0.TotalAlloc) / float64(n) / g.perCall
		rss := "null"
		if hwmOK {
			rss = strconv.FormatInt(readHWM(), 10)
		}
		s := append([]float64(nil), samples[i]...)
		sort.Float64s(s)
		med := s[len(s)/2]
		if len(s)%2 == 0 {
			med = (s[len(s)/2-1] + s[len(s)/2]) / 2
		}
		lo, hi := s[0], s[len(s)-1]
		emit := func(metric, unit string, m, mn, mx float64) {
			records = append(records, fmt.Sprintf(
				`{"workload":%s,"dataset":%s,"library":%s,"language":"go","version":%s,"variant":%s,"metric":%s,"unit":%s,"median":%.3f,"min":%.3f,"max":%.3f,"allocs_per_op":%.2f,"bytes_per_op":%.1f,"peak_rss_kb":%s,"reps":%d,"iters_per_rep":%d,"note":%s}`,
				jsonStr(g.workload), jsonStr(g.dataset), jsonStr(c.library), jsonStr(c.version), jsonStr(c.variant),
				jsonStr(metric), jsonStr(unit), m, mn, mx, allocs, bytes, rss, cfg.reps, iters[i], jsonStr(c.note)))
		}
		shown := med
		unit := "ns/op"
		if g.metric == "latency" {
			emit("latency", "ns/op", med, lo, hi)
		} else {
			bytesOp := g.dataBytes
			if i < len(g.caseBytes) {
				bytesOp = g.caseBytes[i]
			}
			f := func(ns float64) float64 { return bytesOp / ns * 1e3 }
			emit("throughput", "MB/s", f(med), f(hi), f(lo))
			if g.docsPerOp > 0 {
				d := func(ns float64) float64 { return g.docsPerOp / ns * 1e9 }
				emit("docs_per_s", "docs/s", d(med), d(hi), d(lo))
			}
			shown, unit = f(med), "MB/s"
		}
		fmt.Fprintf(os.Stderr, "  %-14s %-28s %-14s %-24s %10.1f %s\n", g.workload, g.dataset, c.library, c.variant, shown, unit)
	}
}
