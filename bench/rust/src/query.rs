// The query rows (docs/benchmarks.md, "Query"): serde_json_path (RFC 9535) on
// the queries of bench/queries.tsv, as the C++ runner runs jot and jsoncons
// (bench/runner/query_rows.cpp): the file parsed once into a serde_json
// Value, untimed; an op parses the query text (JsonPath::parse) and evaluates
// it (query), returning the number of nodes. serde_json_path's query gives the
// nodes without their paths (query_located would add them); jot's and
// jsoncons' nodelists carry theirs. A count other than the tsv's is recorded
// without figures as COUNT MISMATCH, a refused query as REJECTS THE QUERY.
use crate::harness::{esc, run_group, Case, Config, Group, Out};
use crate::{read, V_SERDE_JSON_PATH};
use serde_json_path::JsonPath;

const QUERIES: &str = include_str!("../../queries.tsv");

fn count(v: &serde_json::Value, q: &str) -> Option<usize> {
    JsonPath::parse(q).ok().map(|p| p.query(v).len())
}

pub fn run(cfg: &Config, dir: &str, out: &mut Out) {
    let mut loaded: Option<(String, serde_json::Value)> = None;
    for line in QUERIES.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let col: Vec<&str> = line.split('\t').collect();
        if col.len() < 5 {
            continue;
        }
        let (dataset, rel, kind, q) = (col[0], col[1], col[2], col[4]);
        let expected: usize = col[3].parse().unwrap_or(usize::MAX);
        if loaded.as_ref().map(|(f, _)| f != rel).unwrap_or(true) {
            let v: serde_json::Value = serde_json::from_slice(&read(dir, rel)).expect("a corpus file serde_json rejects");
            loaded = Some((rel.to_string(), v));
        }
        let v = &loaded.as_ref().unwrap().1;
        let label = format!("{}: {}", dataset, kind);
        let variant = "query, no paths";
        let failed = match count(v, q) {
            None => Some(format!("REJECTS THE QUERY; {}", q)),
            Some(n) if n != expected => Some(format!("COUNT MISMATCH ({} nodes, expected {}); {}", n, expected, q)),
            Some(_) => None,
        };
        if let Some(note) = failed {
            out.records.push(format!(
                "{{\"workload\":\"query\",\"dataset\":\"{}\",\"library\":\"serde_json_path\",\"language\":\"rust\",\"version\":\"{}\",\"variant\":\"{}\",\"metric\":\"latency\",\"unit\":\"ns/op\",\"median\":0,\"min\":0,\"max\":0,\"allocs_per_op\":null,\"bytes_per_op\":null,\"peak_rss_kb\":null,\"reps\":0,\"iters_per_rep\":0,\"note\":\"{}\"}}",
                esc(&label), V_SERDE_JSON_PATH, variant, esc(&note)));
            eprintln!("  {:<14} {:<28} {:<12} {}", "query", label, "serde_json_path", note);
            continue;
        }
        let mut cases = vec![Case {
            library: "serde_json_path", version: V_SERDE_JSON_PATH, variant: variant.into(),
            note: format!("{} nodes; {}", expected, q),
            op: Box::new(move || count(v, q).unwrap_or(0) as u64),
        }];
        let g = Group { workload: "query", dataset: label, metric: "latency", data_bytes: 0.0, docs_per_op: 0.0,
                        per_call: 1.0, case_bytes: vec![] };
        run_group(cfg, &g, &mut cases, out);
    }
}
