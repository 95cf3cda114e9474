// typed_decode / typed_encode of OpenRTB 2.5 bid requests (data/README.md): the
// model of bench/runner/schemas.h and bench/go/openrtb.go. Optional scalars are
// Option (written as null when empty, as the C++ encoders do), the arrays the
// spec makes optional default to empty, every other key is skipped, and every
// ext is kept as its raw JSON text. serde has no raw type common to the
// libraries: serde_json reads one into a Box<RawValue>, sonic-rs into its
// OwnedLazyValue, so the structs are generic over the ext type. simd-json's serde
// support has no raw value, so it has no OpenRTB rows.
use crate::harness::{run_group, Case, Config, Group, Out};
use crate::{V_SERDE, V_SONIC};
use serde::{Deserialize, Serialize};

type SerdeRaw = Box<serde_json::value::RawValue>;
type SonicRaw = sonic_rs::OwnedLazyValue;

#[derive(Serialize, Deserialize)]
pub struct RtbFormat {
    w: i32,
    h: i32,
}
#[derive(Serialize, Deserialize)]
pub struct RtbBanner<E> {
    w: Option<i32>,
    h: Option<i32>,
    pos: Option<i32>,
    #[serde(default)]
    format: Vec<RtbFormat>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbVideo<E> {
    mimes: Vec<String>,
    minduration: Option<i32>,
    maxduration: Option<i32>,
    #[serde(default)]
    protocols: Vec<i32>,
    w: Option<i32>,
    h: Option<i32>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbDeal<E> {
    id: String,
    bidfloor: Option<f64>,
    at: Option<i32>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
#[serde(bound(deserialize = "E: Deserialize<'de>"))] // serde would ask E: Default for the defaulted deals
pub struct RtbPmp<E> {
    private_auction: Option<i32>,
    #[serde(default)]
    deals: Vec<RtbDeal<E>>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbImp<E> {
    id: String,
    tagid: Option<String>,
    bidfloor: Option<f64>,
    bidfloorcur: Option<String>,
    secure: Option<i32>,
    banner: Option<RtbBanner<E>>,
    video: Option<RtbVideo<E>>,
    pmp: Option<RtbPmp<E>>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbPublisher<E> {
    id: Option<String>,
    name: Option<String>,
    domain: Option<String>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbSite<E> {
    id: Option<String>,
    name: Option<String>,
    domain: Option<String>,
    #[serde(default)]
    cat: Vec<String>,
    page: Option<String>,
    #[serde(rename = "ref")]
    ref_: Option<String>,
    publisher: Option<RtbPublisher<E>>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbApp<E> {
    id: Option<String>,
    name: Option<String>,
    bundle: Option<String>,
    #[serde(default)]
    cat: Vec<String>,
    ver: Option<String>,
    publisher: Option<RtbPublisher<E>>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbGeo<E> {
    lat: Option<f64>,
    lon: Option<f64>,
    country: Option<String>,
    city: Option<String>,
    #[serde(rename = "type")]
    type_: Option<i32>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbDevice<E> {
    ua: Option<String>,
    ip: Option<String>,
    geo: Option<RtbGeo<E>>,
    devicetype: Option<i32>,
    os: Option<String>,
    osv: Option<String>,
    language: Option<String>,
    js: Option<i32>,
    dnt: Option<i32>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbUser<E> {
    id: Option<String>,
    yob: Option<i32>,
    gender: Option<String>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbRegs<E> {
    coppa: Option<i32>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct RtbSource<E> {
    fd: Option<i32>,
    tid: Option<String>,
    ext: Option<E>,
}
#[derive(Serialize, Deserialize)]
pub struct BidRequest<E> {
    id: String,
    imp: Vec<RtbImp<E>>,
    site: Option<RtbSite<E>>,
    app: Option<RtbApp<E>>,
    device: Option<RtbDevice<E>>,
    user: Option<RtbUser<E>>,
    at: Option<i32>,
    tmax: Option<i32>,
    #[serde(default)]
    cur: Vec<String>,
    #[serde(default)]
    bcat: Vec<String>,
    #[serde(default)]
    badv: Vec<String>,
    regs: Option<RtbRegs<E>>,
    source: Option<RtbSource<E>>,
    ext: Option<E>,
}

/// The two libraries decode into different types, so their results are
/// compared through their outputs: both must hold the same JSON (serde_json's
/// Value, numbers exact with float_roundtrip).
fn same_json(a: &[u8], b: &[u8]) -> bool {
    match (serde_json::from_slice::<serde_json::Value>(a), serde_json::from_slice::<serde_json::Value>(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

// The typed_decode rows of one input; each library's result, written out,
// must hold the same JSON as expected (serde_json's output for the input in
// its original key order: a keys-shuffled input's raw ext differs in key
// order only, which same_json does not see).
fn decode_rows(cfg: &Config, dataset: &str, data: &[u8], expected: &[u8], out: &mut Out) {
    let sa = serde_json::from_slice::<BidRequest<SerdeRaw>>(data).ok().map(|v| serde_json::to_vec(&v).unwrap());
    let sb = sonic_rs::from_slice::<BidRequest<SonicRaw>>(data).ok().map(|v| sonic_rs::to_vec(&v).unwrap());
    let note = |o: Option<Vec<u8>>| if o.map_or(false, |o| same_json(&o, expected)) { "" } else { "DECODE MISMATCH" };
    let (na, nb) = (note(sa), note(sb));
    let mut cases = vec![
        Case { library: "serde_json", version: V_SERDE, variant: "fresh".into(), note: na.into(),
               op: Box::new(move || {
                   let v: BidRequest<SerdeRaw> = serde_json::from_slice(data).unwrap();
                   std::hint::black_box(&v);
                   1u64
               }) as Box<dyn FnMut() -> u64> },
        Case { library: "sonic-rs", version: V_SONIC, variant: "fresh".into(), note: nb.into(),
               op: Box::new(move || {
                   let v: BidRequest<SonicRaw> = sonic_rs::from_slice(data).unwrap();
                   std::hint::black_box(&v);
                   1u64
               }) },
    ];
    let g = Group { workload: "typed_decode", dataset: dataset.into(), metric: "throughput", data_bytes: data.len() as f64,
                    docs_per_op: 0.0, per_call: 1.0, case_bytes: vec![] };
    run_group(cfg, &g, &mut cases, out);
}

// Decode and encode rows of one input; with shuffled (its keys-shuffled twin,
// bench/shuffle_keys.py), decode rows of that too, checked against this input.
pub fn run(cfg: &Config, dataset: &str, data: &[u8], shuffled: Option<&[u8]>, out: &mut Out) {
    let a: BidRequest<SerdeRaw> = serde_json::from_slice(data).unwrap();
    let b: BidRequest<SonicRaw> = sonic_rs::from_slice(data).unwrap();
    let (oa, ob) = (serde_json::to_vec(&a).unwrap(), sonic_rs::to_vec(&b).unwrap());
    decode_rows(cfg, dataset, data, &oa, out);

    // Encode: each library writes what it decoded; serde_json's output is the reference.
    let note = |o: &[u8]| {
        let check = if same_json(o, &oa) { "" } else { "ENCODE MISMATCH; " };
        format!("{}output {} bytes", check, o.len())
    };
    let (na, nb) = (note(&oa), note(&ob));
    let (ra, rb) = (&a, &b);
    let (mut ba, mut bb) = (Vec::<u8>::new(), Vec::<u8>::new());
    let mut cases = vec![
        Case { library: "serde_json", version: V_SERDE, variant: "fresh".into(), note: na.clone(),
               op: Box::new(move || serde_json::to_vec(ra).unwrap().len() as u64) as Box<dyn FnMut() -> u64> },
        Case { library: "serde_json", version: V_SERDE, variant: "reused buffer".into(), note: na,
               op: Box::new(move || { ba.clear(); serde_json::to_writer(&mut ba, ra).unwrap(); ba.len() as u64 }) },
        Case { library: "sonic-rs", version: V_SONIC, variant: "fresh".into(), note: nb.clone(),
               op: Box::new(move || sonic_rs::to_vec(rb).unwrap().len() as u64) },
        Case { library: "sonic-rs", version: V_SONIC, variant: "reused buffer".into(), note: nb,
               op: Box::new(move || { bb.clear(); sonic_rs::to_writer(&mut bb, rb).unwrap(); bb.len() as u64 }) },
    ];
    let sz = vec![oa.len() as f64, oa.len() as f64, ob.len() as f64, ob.len() as f64];
    let g = Group { workload: "typed_encode", dataset: dataset.into(), metric: "throughput",
                    data_bytes: oa.len() as f64, docs_per_op: 0.0, per_call: 1.0, case_bytes: sz };
    run_group(cfg, &g, &mut cases, out);
    if let Some(sh) = shuffled {
        decode_rows(cfg, &format!("{} (keys shuffled)", dataset), sh, &oa, out);
    }
}
