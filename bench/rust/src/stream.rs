// The stream workload (bench/runner/stream_row.cpp has the C++ side): the
// generated array file read by serde_json from a 1 MB BufReader, one element
// at a time (a serde_json::Value each) through a SeqAccess visitor.
// serde_json's StreamDeserializer reads whitespace-separated documents, not
// the elements of one array (serde_json issue 404), so this visitor is the
// usual workaround. Each run is a fresh child process (this program again),
// which reports its own peak RSS (VmHWM).
use crate::harness::{esc, Out};
use serde::de::{Deserializer, SeqAccess, Visitor};
use std::fmt;
use std::io::BufReader;
use std::process::{Command, Stdio};

struct CountElements;

impl<'de> Visitor<'de> for CountElements {
    type Value = u64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<u64, A::Error> {
        let mut n = 0;
        while seq.next_element::<serde_json::Value>()?.is_some() {
            n += 1;
        }
        Ok(n)
    }
}

// Peak resident set of this process in KB (Linux), -1 when unknown.
fn peak_rss_kb() -> i64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(-1)
}

// The child side: prints "ELEMENTS SECONDS PEAK_RSS_KB".
pub fn child(path: &str) {
    let start = std::time::Instant::now();
    let f = std::fs::File::open(path).unwrap_or_else(|_| std::process::exit(1));
    let mut de = serde_json::Deserializer::from_reader(BufReader::with_capacity(1 << 20, f));
    let n = de.deserialize_seq(CountElements).unwrap_or_else(|_| std::process::exit(1));
    if de.end().is_err() {
        std::process::exit(1);
    }
    println!("{} {:.9} {}", n, start.elapsed().as_secs_f64(), peak_rss_kb());
}

pub fn row(quick: bool, path: &str, out: &mut Out) {
    let size = match std::fs::metadata(path) {
        Ok(m) => m.len() as f64,
        Err(_) => {
            eprintln!("note: {} not found (jot_bench writes it); Rust stream row skipped", path);
            return;
        }
    };
    let exe = std::env::current_exe().expect("current_exe");
    let mut mbs: Vec<f64> = Vec::new();
    let mut max_rss: i64 = -1;
    let mut elements: u64 = 0;
    for _ in 0..3 {
        let o = match Command::new(&exe).args(["--stream-child", path]).stdout(Stdio::piped()).output() {
            Ok(o) if o.status.success() => o,
            _ => continue,
        };
        let text = String::from_utf8_lossy(&o.stdout).to_string();
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 3 {
            continue;
        }
        let (Ok(n), Ok(s), Ok(r)) = (f[0].parse::<u64>(), f[1].parse::<f64>(), f[2].parse::<i64>()) else {
            continue;
        };
        elements = n;
        mbs.push(size / s / 1e6);
        max_rss = max_rss.max(r);
    }
    mbs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let dataset = if quick { "array_128mb" } else { "array_1gb" };
    let (med, lo, hi) = if mbs.is_empty() { (0.0, 0.0, 0.0) } else { (mbs[mbs.len() / 2], mbs[0], mbs[mbs.len() - 1]) };
    let note = if mbs.is_empty() {
        "REJECTS THE INPUT".to_string()
    } else {
        format!("{} elements, peak RSS {} MB", elements, max_rss / 1024)
    };
    let rss = if max_rss < 0 { "null".to_string() } else { max_rss.to_string() };
    out.records.push(format!(
        "{{\"workload\":\"stream\",\"dataset\":\"{}\",\"library\":\"serde_json\",\"language\":\"rust\",\"version\":\"{}\",\"variant\":\"SeqAccess visitor over a BufReader\",\"metric\":\"throughput\",\"unit\":\"MB/s\",\"median\":{:.3},\"min\":{:.3},\"max\":{:.3},\"allocs_per_op\":null,\"bytes_per_op\":null,\"peak_rss_kb\":{},\"reps\":{},\"iters_per_rep\":1,\"note\":\"{}\"}}",
        dataset, esc(crate::V_SERDE), med, lo, hi, rss, mbs.len(), esc(&note)));
    eprintln!("  {:<14} {:<18} {:<12} {:<30} {:>10.1} MB/s  {}", "stream", dataset, "serde_json", "SeqAccess visitor", med, note);
}
