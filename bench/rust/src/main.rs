// jot-bench-rs: the Rust peers (serde_json, simd-json, sonic-rs; serde_json_path
// for the query rows) on jot's workloads.
// Prints {"meta": {...}, "records": [...]} in the schema of docs/benchmarks.md.
//   jot-bench-rs [--quick] [--data DIR] [--out FILE] [--only WORKLOAD[,..]] [--stream-file PATH] [--shuffled DIR]
mod harness;
mod openrtb;
mod query;
mod stream;
mod typed;

use harness::{esc, run_group, Case, Config, CountingAlloc, Group, Out};
use simd_json::prelude::*;
use sonic_rs::{JsonContainerTrait, JsonValueTrait};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

pub const V_SERDE: &str = env!("JOT_V_SERDE");
pub const V_SIMD: &str = env!("JOT_V_SIMD");
pub const V_SONIC: &str = env!("JOT_V_SONIC");
pub const V_SERDE_JSON_PATH: &str = env!("JOT_V_SERDE_JSON_PATH");
const NEEDLE: &str = "<script>alert('XSS')</script>";

pub fn read(dir: &str, rel: &str) -> Vec<u8> {
    std::fs::read(format!("{}/{}", dir, rel)).unwrap_or_else(|e| panic!("cannot read {}/{}: {}", dir, rel, e))
}

// ---- string walks (keys and values) ----
fn walk_serde(v: &serde_json::Value) -> u64 {
    match v {
        serde_json::Value::String(s) => s.contains(NEEDLE) as u64,
        serde_json::Value::Array(a) => a.iter().map(walk_serde).sum(),
        serde_json::Value::Object(o) => o.iter().map(|(k, v)| k.contains(NEEDLE) as u64 + walk_serde(v)).sum(),
        _ => 0,
    }
}
fn walk_simd(v: &simd_json::BorrowedValue) -> u64 {
    match v {
        simd_json::BorrowedValue::String(s) => s.contains(NEEDLE) as u64,
        simd_json::BorrowedValue::Array(a) => a.iter().map(walk_simd).sum(),
        simd_json::BorrowedValue::Object(o) => o.iter().map(|(k, v)| k.contains(NEEDLE) as u64 + walk_simd(v)).sum(),
        _ => 0,
    }
}
fn walk_sonic(v: &sonic_rs::Value) -> u64 {
    if let Some(s) = v.as_str() {
        return s.contains(NEEDLE) as u64;
    }
    if let Some(a) = v.as_array() {
        return a.iter().map(walk_sonic).sum();
    }
    if let Some(o) = v.as_object() {
        return o.iter().map(|(k, v)| k.contains(NEEDLE) as u64 + walk_sonic(v)).sum();
    }
    0
}

const DOM_FILES: [(&str, &str); 3] = [
    ("twitter", "corpus/twitter.json"),
    ("citm_catalog", "corpus/citm_catalog.json"),
    ("canada", "corpus/canada.json"),
];

fn dom_parse(cfg: &Config, dir: &str, out: &mut Out) {
    for (name, rel) in DOM_FILES {
        let data = read(dir, rel);
        let mut scratch = data.clone();
        let mut bufs = simd_json::Buffers::new(data.len());
        let d = &data;
        let mut cases = vec![
            Case { library: "serde_json", version: V_SERDE, variant: String::new(), note: String::new(),
                   op: Box::new(move || serde_json::from_slice::<serde_json::Value>(d).map(|v| v.is_object() as u64).unwrap()) },
            Case { library: "simd-json", version: V_SIMD, variant: "reused buffers".into(),
                   note: "parses a mutable copy of the input (copy included)".into(),
                   op: Box::new(move || {
                       scratch.copy_from_slice(d);
                       let v = simd_json::value::borrowed::to_value_with_buffers(&mut scratch, &mut bufs).unwrap();
                       v.is_object() as u64
                   }) },
            Case { library: "sonic-rs", version: V_SONIC, variant: String::new(), note: String::new(),
                   op: Box::new(move || sonic_rs::from_slice::<sonic_rs::Value>(d).map(|v| v.is_object() as u64).unwrap()) },
        ];
        let g = Group { workload: "dom_parse", dataset: name.into(), metric: "throughput", data_bytes: data.len() as f64,
                        docs_per_op: 0.0, per_call: 1.0, case_bytes: vec![] };
        run_group(cfg, &g, &mut cases, out);
    }
}

fn dom_serialize(cfg: &Config, dir: &str, out: &mut Out) {
    for (name, rel) in DOM_FILES {
        let data = read(dir, rel);
        let sv: serde_json::Value = serde_json::from_slice(&data).unwrap();
        let mut scratch = data.clone();
        let simd = simd_json::to_owned_value(&mut scratch).unwrap();
        let so: sonic_rs::Value = sonic_rs::from_slice(&data).unwrap();
        // Verify each output against the input with one exact reader: serde_json
        // with float_roundtrip (object members compared by key).
        let same = |o: &[u8]| serde_json::from_slice::<serde_json::Value>(o).map(|v| v == sv).unwrap_or(false);
        let o1 = serde_json::to_vec(&sv).unwrap();
        let mut o2 = Vec::new();
        simd.write(&mut o2).unwrap();
        let o3 = sonic_rs::to_vec(&so).unwrap();
        let (ok1, ok2, ok3) = (same(&o1), same(&o2), same(&o3));
        // Throughput is of output bytes; each library's own output size.
        let note = |ok: bool, n: usize| format!("{}output {} bytes", if ok { "" } else { "ROUND TRIP MISMATCH; " }, n);
        let mut cases = Vec::new();
        let mut sizes = Vec::new();
        for (lib, ver, ok, n) in [("serde_json", V_SERDE, ok1, o1.len()), ("simd-json", V_SIMD, ok2, o2.len()),
                                   ("sonic-rs", V_SONIC, ok3, o3.len())] {
            let mut buf: Vec<u8> = Vec::with_capacity(n);
            let (s1, s2, s3) = (&sv, &simd, &so);
            let op: Box<dyn FnMut() -> u64> = match lib {
                "serde_json" => Box::new(move || { buf.clear(); serde_json::to_writer(&mut buf, s1).unwrap(); buf.len() as u64 }),
                "simd-json" => Box::new(move || { buf.clear(); s2.write(&mut buf).unwrap(); buf.len() as u64 }),
                _ => Box::new(move || { buf.clear(); sonic_rs::to_writer(&mut buf, s3).unwrap(); buf.len() as u64 }),
            };
            cases.push(Case { library: lib, version: ver, variant: "reused buffer".into(), note: note(ok, n), op });
            sizes.push(n as f64);
        }
        let g = Group { workload: "dom_serialize", dataset: name.into(), metric: "throughput", data_bytes: 0.0,
                        docs_per_op: 0.0, per_call: 1.0, case_bytes: sizes };
        run_group(cfg, &g, &mut cases, out);
    }
}

fn packets(cfg: &Config, dir: &str, out: &mut Out) {
    let pk: Vec<Vec<u8>> = ["packets/valid.json", "packets/invalid.json", "packets/malicious.json"]
        .iter().map(|r| read(dir, r)).collect();
    // Strictness check: the invalid packet must be rejected.
    let rej_serde = serde_json::from_slice::<serde_json::Value>(&pk[1]).is_err();
    let rej_simd = simd_json::to_owned_value(&mut pk[1].clone()).is_err();
    let rej_sonic = sonic_rs::from_slice::<sonic_rs::Value>(&pk[1]).is_err();
    let note = |rej: bool| if rej { String::new() } else { "ACCEPTS THE INVALID PACKET".to_string() };
    fn round(lib: usize, pk: &[Vec<u8>], scratch: &mut Vec<u8>, bufs: &mut simd_json::Buffers) -> u64 {
        let mut hits = 0u64;
        for p in pk {
            match lib {
                0 => if let Ok(v) = serde_json::from_slice::<serde_json::Value>(p) { hits += 1 + walk_serde(&v) },
                1 => {
                    scratch.clear();
                    scratch.extend_from_slice(p);
                    if let Ok(v) = simd_json::value::borrowed::to_value_with_buffers(scratch, bufs) { hits += 1 + walk_simd(&v) }
                }
                _ => if let Ok(v) = sonic_rs::from_slice::<sonic_rs::Value>(p) { hits += 1 + walk_sonic(&v) },
            }
        }
        hits
    }
    let libs = [("serde_json", V_SERDE, rej_serde), ("simd-json", V_SIMD, rej_simd), ("sonic-rs", V_SONIC, rej_sonic)];
    // One thread: one op = one round of the three packets.
    let mut cases: Vec<Case> = libs.iter().enumerate().map(|(i, &(lib, ver, rej))| {
        let mut scratch = Vec::with_capacity(1024);
        let mut bufs = simd_json::Buffers::new(1024);
        let pk = &pk;
        Case { library: lib, version: ver, variant: String::new(), note: note(rej),
               op: Box::new(move || round(i, pk, &mut scratch, &mut bufs)) as Box<dyn FnMut() -> u64> }
    }).collect();
    let g = Group { workload: "packets", dataset: "1 thread".into(), metric: "latency", data_bytes: 0.0,
                    docs_per_op: 0.0, per_call: 3.0, case_bytes: vec![] };
    run_group(cfg, &g, &mut cases, out);
    // All cores: each op runs `rounds` rounds on every thread, a parser per thread.
    let t = cfg.threads;
    let rounds = 500usize; // per thread per timed call; amortises thread start-up
    let mut cases: Vec<Case> = libs.iter().enumerate().map(|(i, &(lib, ver, rej))| {
        let pk = &pk;
        Case { library: lib, version: ver, variant: String::new(), note: note(rej),
               op: Box::new(move || {
                   std::thread::scope(|s| {
                       let hs: Vec<_> = (0..t).map(|_| s.spawn(move || {
                           let mut scratch = Vec::with_capacity(1024);
                           let mut bufs = simd_json::Buffers::new(1024);
                           let mut h = 0;
                           for _ in 0..rounds { h += round(i, pk, &mut scratch, &mut bufs); }
                           h
                       })).collect();
                       hs.into_iter().map(|h| h.join().unwrap()).sum()
                   })
               }) as Box<dyn FnMut() -> u64> }
    }).collect();
    let g = Group { workload: "packets", dataset: format!("{} threads", t), metric: "latency", data_bytes: 0.0,
                    docs_per_op: 0.0, per_call: (3 * rounds * t) as f64, case_bytes: vec![] };
    run_group(cfg, &g, &mut cases, out);
    // Each packet alone, one thread (the C++ runner's rows of the same names).
    for (k, name) in ["valid packet", "invalid packet", "malicious packet"].iter().enumerate() {
        let mut cases: Vec<Case> = libs.iter().enumerate().map(|(i, &(lib, ver, rej))| {
            let mut scratch = Vec::with_capacity(1024);
            let mut bufs = simd_json::Buffers::new(1024);
            let one = &pk[k..k + 1];
            Case { library: lib, version: ver, variant: String::new(), note: note(rej),
                   op: Box::new(move || round(i, one, &mut scratch, &mut bufs)) as Box<dyn FnMut() -> u64> }
        }).collect();
        let g = Group { workload: "packets", dataset: (*name).into(), metric: "latency", data_bytes: 0.0,
                        docs_per_op: 0.0, per_call: 1.0, case_bytes: vec![] };
        run_group(cfg, &g, &mut cases, out);
    }
}

fn ndjson(cfg: &Config, dir: &str, out: &mut Out) {
    let data = read(dir, "corpus/amazon_cellphones.ndjson");
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
    let n = lines.len();
    let (l1, l2, l3) = (&lines, &lines, &lines);
    let mut scratch: Vec<u8> = Vec::with_capacity(data.len());
    let mut bufs = simd_json::Buffers::new(4096);
    let mut cases = vec![
        Case { library: "serde_json", version: V_SERDE, variant: String::new(), note: String::new(),
               op: Box::new(move || l1.iter().map(|l| serde_json::from_slice::<serde_json::Value>(l).unwrap().is_array() as u64).sum()) },
        Case { library: "simd-json", version: V_SIMD, variant: "reused buffers".into(), note: String::new(),
               op: Box::new(move || l2.iter().map(|l| {
                   scratch.clear();
                   scratch.extend_from_slice(l);
                   simd_json::value::borrowed::to_value_with_buffers(&mut scratch, &mut bufs).unwrap().is_array() as u64
               }).sum()) },
        Case { library: "sonic-rs", version: V_SONIC, variant: String::new(), note: String::new(),
               op: Box::new(move || l3.iter().map(|l| sonic_rs::from_slice::<sonic_rs::Value>(l).unwrap().is_array() as u64).sum()) },
    ];
    let g = Group { workload: "ndjson", dataset: "amazon_cellphones".into(), metric: "throughput",
                    data_bytes: data.len() as f64, docs_per_op: n as f64, per_call: 1.0, case_bytes: vec![] };
    run_group(cfg, &g, &mut cases, out);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut quick = false;
    let mut dir = std::env::var("JOT_DATA_DIR").unwrap_or_default();
    let mut outp = String::new();
    let mut only = String::new();
    let mut stream_file = String::new();
    let mut shuffled = String::new();
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--quick" => quick = true,
            "--data" => { i += 1; dir = args[i].clone(); }
            "--out" => { i += 1; outp = args[i].clone(); }
            "--only" => { i += 1; only = args[i].clone(); }
            "--stream-file" => { i += 1; stream_file = args[i].clone(); }
            "--shuffled" => { i += 1; shuffled = args[i].clone(); }
            "--stream-child" => { stream::child(&args[i + 1]); return; }
            a => { eprintln!("unknown argument {}", a); std::process::exit(2); }
        }
        i += 1;
    }
    if dir.is_empty() {
        dir = "../shared/data".into();
    }
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let cfg = Config { rep_time: if quick { 0.02 } else { 0.1 }, reps: 5, threads };
    let mut out = Out { records: Vec::new() };
    let want = |w: &str| only.is_empty() || only.split(',').any(|x| x == w);
    if want("dom_parse") { dom_parse(&cfg, &dir, &mut out); }
    if want("dom_serialize") { dom_serialize(&cfg, &dir, &mut out); }
    if want("packets") { packets(&cfg, &dir, &mut out); }
    // The keys-shuffled inputs (bench/shuffle_keys.py) are read only when all of them are there.
    let twins = ["corpus/twitter.json", "corpus/citm_catalog.json", "openrtb/banner.json", "openrtb/video_app.json",
                 "rpc/sample.json"];
    let shuffled = if !shuffled.is_empty() && twins.iter().all(|f| std::path::Path::new(&shuffled).join(f).is_file()) {
        Some(shuffled.as_str())
    } else {
        if !shuffled.is_empty() { eprintln!("jot-bench-rs: no keys-shuffled inputs in {}; their rows skipped", shuffled); }
        None
    };
    if want("typed") { typed::run(&cfg, &dir, shuffled, &mut out); }
    if want("ndjson") { ndjson(&cfg, &dir, &mut out); }
    if want("stream") && !stream_file.is_empty() { stream::row(quick, &stream_file, &mut out); }
    if want("query") { query::run(&cfg, &dir, &mut out); }
    let meta = format!(
        "{{\"language\":\"rust\",\"compiler\":\"{}\",\"flags\":\"{}\",\"quick\":{},\"rep_time_s\":{},\"reps\":{},\"threads\":{}}}",
        esc(option_env!("JOT_RUSTC_VERSION").unwrap_or("rustc")),
        esc("--release, opt-level=3, lto=fat, codegen-units=1, panic=abort (no target-cpu)"),
        quick, cfg.rep_time, cfg.reps, threads);
    let text = format!("{{\"meta\":{},\"records\":[\n{}\n]}}\n", meta, out.records.join(",\n"));
    if outp.is_empty() {
        print!("{}", text);
    } else {
        std::fs::write(&outp, text).expect("cannot write output");
    }
}
