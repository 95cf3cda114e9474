// typed_decode / typed_encode: serde-derived structs for the schemas of
// data/README.md, decoded and encoded by serde_json, simd-json and sonic-rs.
use crate::harness::{run_group, Case, Config, Group, Out};
use crate::{read, V_SERDE, V_SIMD, V_SONIC};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
pub struct User {
    id: u64,
    name: String,
    screen_name: String,
    location: String,
    description: String,
    verified: bool,
    followers_count: u64,
    friends_count: u64,
    statuses_count: u64,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
pub struct Status {
    created_at: String,
    id: u64,
    text: String,
    user: User,
    retweet_count: u64,
    favorite_count: u64,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
pub struct TwitterData {
    statuses: Vec<Status>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
#[allow(non_snake_case)]
pub struct CITMPrice {
    amount: u64,
    audienceSubCategoryId: u64,
    seatCategoryId: u64,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
#[allow(non_snake_case)]
pub struct CITMArea {
    areaId: u64,
    blockIds: Vec<u64>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
#[allow(non_snake_case)]
pub struct CITMSeatCategory {
    areas: Vec<CITMArea>,
    seatCategoryId: u64,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
#[allow(non_snake_case)]
pub struct CITMPerformance {
    id: u64,
    eventId: u64,
    logo: Option<String>,
    name: Option<String>,
    prices: Vec<CITMPrice>,
    seatCategories: Vec<CITMSeatCategory>,
    seatMapImage: Option<String>,
    start: u64,
    venueCode: String,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
#[allow(non_snake_case)]
pub struct CITMEvent {
    id: u64,
    name: String,
    description: Option<String>,
    logo: Option<String>,
    subTopicIds: Vec<u64>,
    subjectCode: Option<String>,
    subtitle: Option<String>,
    topicIds: Vec<u64>,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
pub struct CitmCatalog {
    events: BTreeMap<String, CITMEvent>,
    performances: Vec<CITMPerformance>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
pub struct RpcLimits {
    max_outputs: u32,
    max_inputs: u32,
    dust_threshold: u64,
    allow_partial: bool,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
pub struct RpcPeer {
    host: String,
    port: u16,
    height: u64,
    trusted: bool,
    latency_ms: f64,
}
#[derive(Serialize, Deserialize, PartialEq, Debug, Default)]
pub struct RpcCall {
    method: String,
    request_id: u64,
    api_version: String,
    verbose: bool,
    priority: i32,
    fee_rate: f64,
    wallet_address: String,
    reserve_size: u32,
    tags: Vec<String>,
    weights: Vec<u32>,
    limits: RpcLimits,
    peers: Vec<RpcPeer>,
    note: String,
}

fn dec_serde<T: DeserializeOwned>(d: &[u8]) -> T {
    serde_json::from_slice(d).unwrap()
}
fn dec_sonic<T: DeserializeOwned>(d: &[u8]) -> T {
    sonic_rs::from_slice(d).unwrap()
}

// The typed_decode rows of one input, each library's result checked against
// reference (serde_json's decode of this input, or of the same input in its
// original key order when data is its keys-shuffled twin). Decoders that fail
// keep their row, marked.
fn decode_rows<T>(cfg: &Config, dataset: &str, data: &[u8], reference: &T, out: &mut Out)
where
    T: DeserializeOwned + PartialEq,
{
    // serde_json and sonic-rs have no reusable decoder state, so only "fresh";
    // simd-json reuses its Buffers and scratch copy in "reused".
    let check = |v: Option<T>| if v.as_ref() == Some(reference) { "" } else { "DECODE MISMATCH" };
    let s: Option<T> = serde_json::from_slice(data).ok();
    let a: Option<T> = sonic_rs::from_slice(data).ok();
    let b: Option<T> = simd_json::serde::from_slice(&mut data.to_vec()).ok();
    let notes = [check(a), check(b), check(s)];
    let mut scratch = data.to_vec();
    let mut bufs = simd_json::Buffers::new(data.len());
    let mut scratch2 = data.to_vec();
    let mut cases = vec![
        Case { library: "serde_json", version: V_SERDE, variant: "fresh".into(), note: notes[2].into(),
               op: Box::new(move || { let v: T = dec_serde(data); std::hint::black_box(&v); 1u64 }) as Box<dyn FnMut() -> u64> },
        Case { library: "simd-json", version: V_SIMD, variant: "fresh".into(), note: notes[1].into(),
               op: Box::new(move || {
                   scratch2.copy_from_slice(data);
                   let v: T = simd_json::serde::from_slice(&mut scratch2).unwrap();
                   std::hint::black_box(&v); 1u64 }) },
        Case { library: "simd-json", version: V_SIMD, variant: "reused buffers".into(), note: notes[1].into(),
               op: Box::new(move || {
                   scratch.copy_from_slice(data);
                   let v: T = simd_json::serde::from_slice_with_buffers(&mut scratch, &mut bufs).unwrap();
                   std::hint::black_box(&v); 1u64 }) },
        Case { library: "sonic-rs", version: V_SONIC, variant: "fresh".into(), note: notes[0].into(),
               op: Box::new(move || { let v: T = dec_sonic(data); std::hint::black_box(&v); 1u64 }) },
    ];
    let g = Group { workload: "typed_decode", dataset: dataset.into(), metric: "throughput", data_bytes: data.len() as f64,
                    docs_per_op: 0.0, per_call: 1.0, case_bytes: vec![] };
    run_group(cfg, &g, &mut cases, out);
}

// Decode and encode rows of one input; with shuffled (its keys-shuffled twin,
// bench/shuffle_keys.py), decode rows of that too, checked against this
// input's value.
fn one<T>(cfg: &Config, dataset: &str, data: &[u8], shuffled: Option<&[u8]>, expect_len: usize, out: &mut Out)
where
    T: DeserializeOwned + Serialize + PartialEq,
{
    let reference: T = dec_serde(data);
    decode_rows(cfg, dataset, data, &reference, out);

    // Encode: every output must decode back to the same value; its size is checked.
    let o1 = serde_json::to_vec(&reference).unwrap();
    let o2 = simd_json::serde::to_vec(&reference).unwrap();
    let o3 = sonic_rs::to_vec(&reference).unwrap();
    let check = |o: &[u8]| {
        let back: T = serde_json::from_slice(o).unwrap();
        let mut n = String::new();
        if back != reference { n.push_str("ENCODE MISMATCH; ") }
        if expect_len != 0 && o.len() != expect_len { n.push_str(&format!("size {} != {}; ", o.len(), expect_len)) }
        n + &format!("output {} bytes", o.len())
    };
    let (n1, n2, n3) = (check(&o1), check(&o2), check(&o3));
    let r = &reference;
    let (mut b1, mut b2, mut b3) = (Vec::<u8>::new(), Vec::<u8>::new(), Vec::<u8>::new());
    let mut cases = vec![
        Case { library: "serde_json", version: V_SERDE, variant: "fresh".into(), note: n1.clone(),
               op: Box::new(move || serde_json::to_vec(r).unwrap().len() as u64) as Box<dyn FnMut() -> u64> },
        Case { library: "serde_json", version: V_SERDE, variant: "reused buffer".into(), note: n1,
               op: Box::new(move || { b1.clear(); serde_json::to_writer(&mut b1, r).unwrap(); b1.len() as u64 }) },
        Case { library: "simd-json", version: V_SIMD, variant: "fresh".into(), note: n2.clone(),
               op: Box::new(move || simd_json::serde::to_vec(r).unwrap().len() as u64) },
        Case { library: "simd-json", version: V_SIMD, variant: "reused buffer".into(), note: n2,
               op: Box::new(move || { b2.clear(); simd_json::serde::to_writer(&mut b2, r).unwrap(); b2.len() as u64 }) },
        Case { library: "sonic-rs", version: V_SONIC, variant: "fresh".into(), note: n3.clone(),
               op: Box::new(move || sonic_rs::to_vec(r).unwrap().len() as u64) },
        Case { library: "sonic-rs", version: V_SONIC, variant: "reused buffer".into(), note: n3,
               op: Box::new(move || { b3.clear(); sonic_rs::to_writer(&mut b3, r).unwrap(); b3.len() as u64 }) },
    ];
    let sz = [o1.len() as f64, o1.len() as f64, o2.len() as f64, o2.len() as f64, o3.len() as f64, o3.len() as f64];
    let g = Group { workload: "typed_encode", dataset: dataset.into(), metric: "throughput", data_bytes: o1.len() as f64,
                    docs_per_op: 0.0, per_call: 1.0, case_bytes: sz.to_vec() };
    run_group(cfg, &g, &mut cases, out);
    if let Some(sh) = shuffled {
        decode_rows(cfg, &format!("{} (keys shuffled)", dataset), sh, &reference, out);
    }
}

// One line of amazon_cellphones.ndjson after its header: the C++ rows'
// product_row (bench/runner/schemas.h), a tuple, which serde maps to an array.
type ProductRow = (String, String, String, String, String, f64, String, i64, String);

// typed_decode of every NDJSON line into a Vec of rows ("fresh" only: serde
// has no decoding into existing values). serde_json reads the lines with its
// StreamDeserializer, the others one line at a time.
fn ndjson_rows(cfg: &Config, dir: &str, out: &mut Out) {
    let data = read(dir, "corpus/amazon_cellphones.ndjson");
    let start = data.iter().position(|&b| b == b'\n').map_or(data.len(), |i| i + 1);
    let rows: &[u8] = &data[start..];
    let lines: Vec<&[u8]> = rows.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
    let serde_rows = || -> Vec<ProductRow> {
        serde_json::Deserializer::from_slice(rows).into_iter::<ProductRow>().map(|r| r.unwrap()).collect()
    };
    let reference = serde_rows();
    let sonic: Vec<ProductRow> = lines.iter().map(|l| sonic_rs::from_slice(l).unwrap()).collect();
    let simd: Vec<ProductRow> = lines.iter().map(|l| simd_json::serde::from_slice(&mut l.to_vec()).unwrap()).collect();
    let note = |v: &Vec<ProductRow>| if *v == reference { "" } else { "DECODE MISMATCH" };
    let (n_sonic, n_simd) = (note(&sonic), note(&simd));
    let (l1, l2) = (&lines, &lines);
    let mut scratch: Vec<u8> = Vec::with_capacity(rows.len());
    let mut bufs = simd_json::Buffers::new(4096);
    let mut cases = vec![
        Case { library: "serde_json", version: V_SERDE, variant: "StreamDeserializer, fresh".into(), note: String::new(),
               op: Box::new(move || serde_rows().len() as u64) as Box<dyn FnMut() -> u64> },
        Case { library: "simd-json", version: V_SIMD, variant: "reused buffers, fresh".into(), note: n_simd.into(),
               op: Box::new(move || {
                   let v: Vec<ProductRow> = l1.iter().map(|l| {
                       scratch.clear();
                       scratch.extend_from_slice(l);
                       simd_json::serde::from_slice_with_buffers(&mut scratch, &mut bufs).unwrap()
                   }).collect();
                   v.len() as u64 }) },
        Case { library: "sonic-rs", version: V_SONIC, variant: "fresh".into(), note: n_sonic.into(),
               op: Box::new(move || {
                   let v: Vec<ProductRow> = l2.iter().map(|l| sonic_rs::from_slice(l).unwrap()).collect();
                   v.len() as u64 }) },
    ];
    let g = Group { workload: "typed_decode", dataset: "amazon_cellphones rows (NDJSON)".into(), metric: "throughput",
                    data_bytes: rows.len() as f64, docs_per_op: 0.0, per_call: 1.0, case_bytes: vec![] };
    run_group(cfg, &g, &mut cases, out);
}

// shuffled: the folder of the keys-shuffled inputs (the same relative paths), if any.
pub fn run(cfg: &Config, dir: &str, shuffled: Option<&str>, out: &mut Out) {
    let twin = |rel: &str| shuffled.map(|d| read(d, rel));
    let tw = read(dir, "corpus/twitter.json");
    one::<TwitterData>(cfg, "twitter subset", &tw, twin("corpus/twitter.json").as_deref(), 81927, out);
    let citm = read(dir, "corpus/citm_catalog.json");
    one::<CitmCatalog>(cfg, "citm_catalog", &citm, twin("corpus/citm_catalog.json").as_deref(), 496682, out);
    let rpc = read(dir, "rpc/sample.json");
    one::<RpcCall>(cfg, "rpc sample", &rpc, twin("rpc/sample.json").as_deref(), 0, out);
    for (dataset, file) in [("openrtb banner", "openrtb/banner.json"), ("openrtb video_app", "openrtb/video_app.json")] {
        crate::openrtb::run(cfg, dataset, &read(dir, file), twin(file).as_deref(), out);
    }
    ndjson_rows(cfg, dir, out);
}
