/tmp/wt5/sample_repos/rust-basic/target/debug/deps/inventory-9d2729c6b9fe2315.d: src/main.rs src/report/mod.rs src/store.rs src/store/disk.rs

/tmp/wt5/sample_repos/rust-basic/target/debug/deps/libinventory-9d2729c6b9fe2315.rmeta: src/main.rs src/report/mod.rs src/store.rs src/store/disk.rs

src/main.rs:
src/report/mod.rs:
src/store.rs:
src/store/disk.rs:
