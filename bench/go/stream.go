// The stream workload (bench/runner/stream_row.cpp has the C++ side): the
// generated array file, read with encoding/json's Decoder one element at a
// time (Token for the brackets, Decode per element into a map), in a fresh
// child process per run so that ru_maxrss is the decoder's own.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"
)

// streamChild decodes every element of the array at path and prints
// "ELEMENTS SECONDS"; it is the child side of streamRow.
func streamChild(path string) {
	start := time.Now()
	f, err := os.Open(path)
	if err != nil {
		os.Exit(1)
	}
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		os.Exit(1)
	}
	n := 0
	for dec.More() {
		var v map[string]any
		if err := dec.Decode(&v); err != nil {
			os.Exit(1)
		}
		n++
	}
	if t, err := dec.Token(); err != nil || t != json.Delim(']') {
		os.Exit(1)
	}
	fmt.Printf("%d %.9f\n", n, time.Since(start).Seconds())
}

// streamRow runs streamChild three times on path (written by jot_bench, which
// runs first) and records the throughput and the largest peak RSS.
func streamRow(quick bool, path string) {
	st, err := os.Stat(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "note: %s not found (jot_bench writes it); Go stream row skipped\n", path)
		return
	}
	self, err := os.Executable()
	if err != nil {
		return
	}
	var mbs []float64
	var maxRSS int64 = -1
	elements := 0
	for rep := 0; rep < 3; rep++ {
		cmd := exec.Command(self, "-stream-child", path)
		out, err := cmd.Output()
		if err != nil {
			continue
		}
		var secs float64
		if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "%d %g", &elements, &secs); err != nil {
			continue
		}
		mbs = append(mbs, float64(st.Size())/secs/1e6)
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > maxRSS {
			maxRSS = ru.Maxrss // kilobytes on Linux
		}
	}
	dataset := "array_1gb"
	if quick {
		dataset = "array_128mb"
	}
	sort.Float64s(mbs)
	med, lo, hi := 0.0, 0.0, 0.0
	note := "REJECTS THE INPUT"
	rss := "null"
	if len(mbs) > 0 {
		med, lo, hi = mbs[len(mbs)/2], mbs[0], mbs[len(mbs)-1]
		note = fmt.Sprintf("%d elements, peak RSS %d MB", elements, maxRSS/1024)
		rss = fmt.Sprint(maxRSS)
	}
	records = append(records, fmt.Sprintf(
		`{"workload":"stream","dataset":%s,"library":"encoding/json","language":"go","version":%s,"variant":"Decoder, element by element","metric":"throughput","unit":"MB/s","median":%.3f,"min":%.3f,"max":%.3f,"allocs_per_op":null,"bytes_per_op":null,"peak_rss_kb":%s,"reps":%d,"iters_per_rep":1,"note":%s}`,
		jsonStr(dataset), jsonStr(strings.TrimPrefix(runtime.Version(), "go")), med, lo, hi, rss, len(mbs), jsonStr(note)))
	fmt.Fprintf(os.Stderr, "  %-14s %-28s %-14s %-24s %10.1f MB/s  %s\n", "stream", dataset, "encoding/json", "Decoder", med, note)
}
