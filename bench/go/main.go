// jot-bench-go: the Go peers (encoding/json, goccy/go-json, bytedance/sonic) on
// jot's workloads. Prints {"meta": {...}, "records": [...]} (docs/benchmarks.md).
//
//	jot-bench-go [-quick] [-data DIR] [-out FILE] [-only WORKLOAD,...]
package main

import (
	"bytes"
	stdjson "encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/bytedance/sonic"
	gojson "github.com/goccy/go-json"
)

const needle = "<script>alert('XSS')</script>"

// Rounds of the three packets per goroutine per timed call in the all-cores run.
const packetRounds = 200

type codec struct {
	name      string
	version   string
	unmarshal func([]byte, any) error
	marshal   func(any) ([]byte, error)
}

func modVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				return strings.TrimPrefix(d.Version, "v")
			}
		}
	}
	return "unknown"
}

var codecs []codec

func initCodecs() {
	codecs = []codec{
		{"encoding/json", strings.TrimPrefix(runtime.Version(), "go"), stdjson.Unmarshal, stdjson.Marshal},
		{"goccy/go-json", modVersion("github.com/goccy/go-json"), gojson.Unmarshal, gojson.Marshal},
		// sonic's default config: no HTML escaping, unsorted map keys, UTF-8 not validated on encode.
		{"sonic", modVersion("github.com/bytedance/sonic"), sonic.Unmarshal, sonic.Marshal},
	}
}

func mustRead(dir, rel string) []byte {
	b, err := os.ReadFile(dir + "/" + rel)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read:", err)
		os.Exit(1)
	}
	return b
}

func walk(v any) int {
	switch t := v.(type) {
	case string:
		if strings.Contains(t, needle) {
			return 1
		}
	case []any:
		n := 0
		for _, e := range t {
			n += walk(e)
		}
		return n
	case map[string]any:
		n := 0
		for k, e := range t {
			if strings.Contains(k, needle) {
				n++
			}
			n += walk(e)
		}
		return n
	}
	return 0
}

var domFiles = [][2]string{
	{"twitter", "corpus/twitter.json"},
	{"citm_catalog", "corpus/citm_catalog.json"},
	{"canada", "corpus/canada.json"},
}

func domParse(cfg config, dir string) {
	for _, f := range domFiles {
		data := mustRead(dir, f[1])
		var cases []benchCase
		for _, c := range codecs {
			c := c
			cases = append(cases, benchCase{library: c.name, version: c.version, variant: "any",
				note: "numbers decoded as float64",
				op: func() int {
					var v any
					if err := c.unmarshal(data, &v); err != nil {
						panic(err)
					}
					return 1
				}})
		}
		runGroup(cfg, group{workload: "dom_parse", dataset: f[0], metric: "throughput", dataBytes: float64(len(data))}, cases)
	}
}

func domSerialize(cfg config, dir string) {
	for _, f := range domFiles {
		data := mustRead(dir, f[1])
		var cs []benchCase
		var sizes []float64
		// Every output is checked against the input with one reader (encoding/json).
		var want any
		if err := stdjson.Unmarshal(data, &want); err != nil {
			panic(err)
		}
		for _, c := range codecs {
			c := c
			var v any
			if err := c.unmarshal(data, &v); err != nil {
				panic(err)
			}
			out, err := c.marshal(v)
			if err != nil {
				panic(err)
			}
			var back any
			note := fmt.Sprintf("output %d bytes", len(out))
			if stdjson.Unmarshal(out, &back) != nil || !reflect.DeepEqual(back, want) {
				note = "ROUND TRIP MISMATCH; " + note
			}
			cs = append(cs, benchCase{library: c.name, version: c.version, variant: "any", note: note,
				op: func() int {
					b, err := c.marshal(v)
					if err != nil {
						panic(err)
					}
					return len(b)
				}})
			sizes = append(sizes, float64(len(out)))
		}
		runGroup(cfg, group{workload: "dom_serialize", dataset: f[0], metric: "throughput", caseBytes: sizes}, cs)
	}
}

func packets(cfg config, dir string) {
	pk := [][]byte{mustRead(dir, "packets/valid.json"), mustRead(dir, "packets/invalid.json"), mustRead(dir, "packets/malicious.json")}
	roundOf := func(c codec, pk [][]byte) int {
		h := 0
		for _, p := range pk {
			var v any
			if c.unmarshal(p, &v) == nil {
				h += 1 + walk(v)
			}
		}
		return h
	}
	round := func(c codec) int { return roundOf(c, pk) }
	noteOf := func(c codec) string {
		var v any
		if c.unmarshal(pk[1], &v) == nil {
			return "ACCEPTS THE INVALID PACKET"
		}
		return ""
	}
	mk := func(multi bool) []benchCase {
		var cases []benchCase
		for _, c := range codecs {
			c := c
			note := noteOf(c)
			op := func() int { return round(c) }
			if multi {
				op = func() int {
					var wg sync.WaitGroup
					res := make([]int, cfg.threads)
					for t := 0; t < cfg.threads; t++ {
						wg.Add(1)
						go func(t int) {
							defer wg.Done()
							for r := 0; r < packetRounds; r++ {
								res[t] += round(c)
							}
						}(t)
					}
					wg.Wait()
					s := 0
					for _, x := range res {
						s += x
					}
					return s
				}
			}
			cases = append(cases, benchCase{library: c.name, version: c.version, variant: "any", note: note, op: op})
		}
		return cases
	}
	runGroup(cfg, group{workload: "packets", dataset: "1 thread", metric: "latency", perCall: 3}, mk(false))
	runGroup(cfg, group{workload: "packets", dataset: fmt.Sprintf("%d threads", cfg.threads), metric: "latency",
		perCall: float64(3 * packetRounds * cfg.threads)}, mk(true))
	// Each packet alone, one thread (the C++ runner's rows of the same names).
	for k, name := range []string{"valid packet", "invalid packet", "malicious packet"} {
		one := pk[k : k+1]
		var cases []benchCase
		for _, c := range codecs {
			c := c
			cases = append(cases, benchCase{library: c.name, version: c.version, variant: "any", note: noteOf(c),
				op: func() int { return roundOf(c, one) }})
		}
		runGroup(cfg, group{workload: "packets", dataset: name, metric: "latency", perCall: 1}, cases)
	}
}

func ndjson(cfg config, dir string) {
	data := mustRead(dir, "corpus/amazon_cellphones.ndjson")
	var lines [][]byte
	for _, l := range bytes.Split(data, []byte{'\n'}) {
		if len(l) > 0 {
			lines = append(lines, l)
		}
	}
	var cases []benchCase
	for _, c := range codecs {
		c := c
		cases = append(cases, benchCase{library: c.name, version: c.version, variant: "any",
			op: func() int {
				for _, l := range lines {
					var v any
					if err := c.unmarshal(l, &v); err != nil {
						panic(err)
					}
				}
				return len(lines)
			}})
	}
	runGroup(cfg, group{workload: "ndjson", dataset: "amazon_cellphones", metric: "throughput",
		dataBytes: float64(len(data)), docsPerOp: float64(len(lines))}, cases)
}

func main() {
	quick := flag.Bool("quick", false, "fewer repetitions")
	dir := flag.String("data", os.Getenv("JOT_DATA_DIR"), "data directory")
	out := flag.String("out", "", "output file (default stdout)")
	only := flag.String("only", "", "comma-separated workloads")
	streamFile := flag.String("stream-file", "", "the stream workload's array file (written by jot_bench)")
	shuffled := flag.String("shuffled", "", "the typed inputs with their keys shuffled (bench/shuffle_keys.py)")
	streamChildPath := flag.String("stream-child", "", "internal: decode this file as one stream run")
	flag.Parse()
	if *streamChildPath != "" {
		streamChild(*streamChildPath)
		return
	}
	if *dir == "" {
		*dir = "../shared/data"
	}
	initCodecs()
	cfg := config{repTime: 0.1, reps: 5, threads: runtime.GOMAXPROCS(0)}
	if *quick {
		cfg.repTime = 0.02
	}
	want := func(w string) bool {
		if *only == "" {
			return true
		}
		for _, x := range strings.Split(*only, ",") {
			if x == w {
				return true
			}
		}
		return false
	}
	if want("dom_parse") {
		domParse(cfg, *dir)
	}
	if want("dom_serialize") {
		domSerialize(cfg, *dir)
	}
	if want("packets") {
		packets(cfg, *dir)
	}
	if want("typed") {
		typed(cfg, *dir, *shuffled)
	}
	if want("ndjson") {
		ndjson(cfg, *dir)
	}
	if want("stream") && *streamFile != "" {
		streamRow(*quick, *streamFile)
	}
	meta := fmt.Sprintf(`{"language":"go","compiler":%s,"flags":"go build (default -O, no PGO)","quick":%v,"rep_time_s":%g,"reps":%d,"threads":%d}`,
		jsonStr(runtime.Version()), *quick, cfg.repTime, cfg.reps, cfg.threads)
	text := fmt.Sprintf("{\"meta\":%s,\"records\":[\n%s\n]}\n", meta, strings.Join(records, ",\n"))
	if *out == "" {
		fmt.Print(text)
	} else if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_ = sink
}
