// Timing, allocation counting and record output, mirroring bench/runner/harness.cpp:
// every case is calibrated to a batch of at least `rep_time`, then `reps` batches
// are run interleaved across the libraries of a (workload, dataset) group.
use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::Instant;

pub struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);
static LIVE: AtomicI64 = AtomicI64::new(0);
static PEAK: AtomicI64 = AtomicI64::new(0);

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            note_alloc(l.size());
        }
        System.alloc(l)
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            note_alloc(l.size());
        }
        System.alloc_zeroed(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        if COUNTING.load(Ordering::Relaxed) {
            LIVE.fetch_sub(l.size() as i64, Ordering::Relaxed);
        }
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            LIVE.fetch_sub(l.size() as i64, Ordering::Relaxed);
            note_alloc(n);
        }
        System.realloc(p, l, n)
    }
}

fn note_alloc(n: usize) {
    ALLOCS.fetch_add(1, Ordering::Relaxed);
    BYTES.fetch_add(n as u64, Ordering::Relaxed);
    let live = LIVE.fetch_add(n as i64, Ordering::Relaxed) + n as i64;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

pub struct Config {
    pub rep_time: f64,
    pub reps: usize,
    pub threads: usize,
}

pub struct Case<'a> {
    pub library: &'static str,
    pub version: &'static str,
    pub variant: String,
    /// One operation; returns a value that must not be optimised away.
    pub op: Box<dyn FnMut() -> u64 + 'a>,
    pub note: String,
}

pub struct Group {
    pub workload: &'static str,
    pub dataset: String,
    pub metric: &'static str, // "throughput" (MB/s from bytes_per_op_data) or "latency" (ns/op)
    pub data_bytes: f64,      // bytes per op for MB/s
    pub docs_per_op: f64,     // > 0 adds a docs/s record (ndjson)
    pub per_call: f64,        // items per op call (latency is per item)
    pub case_bytes: Vec<f64>, // per-case bytes per op when they differ (serializers); else data_bytes
}

pub struct Out {
    pub records: Vec<String>,
}

fn now_ns(t: Instant) -> f64 {
    t.elapsed().as_nanos() as f64
}

fn median(v: &mut Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

fn read_hwm_kb() -> i64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in s.lines() {
        if let Some(rest) = line.strip_prefix("VmHWM:") {
            return rest.trim().trim_end_matches("kB").trim().parse().unwrap_or(-1);
        }
    }
    -1
}

fn reset_hwm() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

pub fn esc(s: &str) -> String {
    let mut o = String::new();
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => { let _ = write!(o, "\\u{:04x}", c as u32); }
            c => o.push(c),
        }
    }
    o
}

/// Runs a group: calibration, interleaved repetitions, then an untimed pass per
/// case for allocations and peak RSS.
pub fn run_group(cfg: &Config, g: &Group, cases: &mut [Case], out: &mut Out) {
    let mut iters = vec![1u64; cases.len()];
    let mut sink = 0u64;
    // Calibration (its first batch is the warm-up): grow the batch until it lasts
    // an eighth of rep_time, then scale it to rep_time.
    for (i, c) in cases.iter_mut().enumerate() {
        loop {
            let t = Instant::now();
            for _ in 0..iters[i] {
                sink = sink.wrapping_add((c.op)());
            }
            let el = now_ns(t) * 1e-9;
            if el >= cfg.rep_time || iters[i] > 1 << 30 {
                break;
            }
            if el >= cfg.rep_time / 8.0 {
                iters[i] = ((iters[i] as f64) * cfg.rep_time * 1.1 / el).ceil() as u64;
                break;
            }
            iters[i] *= if el <= cfg.rep_time / 800.0 { 10 } else { 2 };
        }
    }
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); cases.len()];
    for _ in 0..cfg.reps {
        for (i, c) in cases.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..iters[i] {
                sink = sink.wrapping_add((c.op)());
            }
            samples[i].push(now_ns(t) / iters[i] as f64 / g.per_call);
        }
    }
    for (i, c) in cases.iter_mut().enumerate() {
        // Steady state: the op already ran many times; count one more.
        ALLOCS.store(0, Ordering::Relaxed);
        BYTES.store(0, Ordering::Relaxed);
        LIVE.store(0, Ordering::Relaxed);
        PEAK.store(0, Ordering::Relaxed);
        let hwm_ok = reset_hwm();
        COUNTING.store(true, Ordering::Relaxed);
        let n = iters[i].min(16); // about one rep's worth, at most 16 ops
        for _ in 0..n {
            sink = sink.wrapping_add((c.op)());
        }
        COUNTING.store(false, Ordering::Relaxed);
        let allocs = ALLOCS.load(Ordering::Relaxed) as f64 / n as f64 / g.per_call;
        let bytes = BYTES.load(Ordering::Relaxed) as f64 / n as f64 / g.per_call;
        let rss = if hwm_ok { read_hwm_kb() } else { -1 };
        let mut s = samples[i].clone();
        let med = median(&mut s);
        let (mn, mx) = (s[0], s[s.len() - 1]);
        let mut emit = |metric: &str, unit: &str, m: f64, lo: f64, hi: f64| {
            out.records.push(format!(
                "{{\"workload\":\"{}\",\"dataset\":\"{}\",\"library\":\"{}\",\"language\":\"rust\",\"version\":\"{}\",\"variant\":\"{}\",\"metric\":\"{}\",\"unit\":\"{}\",\"median\":{:.3},\"min\":{:.3},\"max\":{:.3},\"allocs_per_op\":{:.2},\"bytes_per_op\":{:.1},\"peak_rss_kb\":{},\"reps\":{},\"iters_per_rep\":{},\"note\":\"{}\"}}",
                g.workload, esc(&g.dataset), c.library, c.version, esc(&c.variant), metric, unit, m, lo, hi,
                allocs, bytes, if rss < 0 { "null".to_string() } else { rss.to_string() }, cfg.reps, iters[i], esc(&c.note)));
        };
        if g.metric == "latency" {
            emit("latency", "ns/op", med, mn, mx);
        } else {
            // Throughput: the fastest sample is the max.
            let bytes_op = g.case_bytes.get(i).copied().unwrap_or(g.data_bytes);
            let f = |ns: f64| bytes_op / ns * 1e3; // bytes/ns*1e3 = MB/s
            emit("throughput", "MB/s", f(med), f(mx), f(mn));
            if g.docs_per_op > 0.0 {
                let d = |ns: f64| g.docs_per_op / ns * 1e9;
                emit("docs_per_s", "docs/s", d(med), d(mx), d(mn));
            }
        }
        eprintln!("  {:<14} {:<28} {:<12} {:<26} {:>10.1} {}", g.workload, g.dataset, c.library, c.variant,
                  if g.metric == "latency" { med } else { g.case_bytes.get(i).copied().unwrap_or(g.data_bytes) / med * 1e3 },
                  if g.metric == "latency" { "ns/op" } else { "MB/s" });
    }
    std::hint::black_box(sink);
}
