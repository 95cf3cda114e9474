// Records the compiler and the locked peer versions for the results' metadata.
use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let v = Command::new(rustc).arg("--version").output().ok()
        .and_then(|o| String::from_utf8(o.stdout).ok()).unwrap_or_else(|| "rustc".into());
    println!("cargo:rustc-env=JOT_RUSTC_VERSION={}", v.trim());
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    for (krate, var) in [("serde_json", "JOT_V_SERDE"), ("simd-json", "JOT_V_SIMD"), ("sonic-rs", "JOT_V_SONIC"),
                         ("serde_json_path", "JOT_V_SERDE_JSON_PATH")] {
        let mut version = "unknown".to_string();
        let mut it = lock.lines();
        while let Some(line) = it.next() {
            if line == format!("name = \"{}\"", krate) {
                if let Some(vl) = it.next() {
                    version = vl.trim_start_matches("version = ").trim_matches('"').to_string();
                }
                break;
            }
        }
        println!("cargo:rustc-env={}={}", var, version);
    }
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rerun-if-changed=../queries.tsv");
}
