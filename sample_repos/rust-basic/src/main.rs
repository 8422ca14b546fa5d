mod report;
mod store;

use std::fs;

use crate::report::{summarize, Render};
use crate::store::Store as Db;
use store::open;

mod util {
    pub fn banner(title: &str) -> String {
        let line = pad(title);
        line
    }

    fn pad(text: &str) -> String {
        String::from(text)
    }
}

use self::util::banner;

fn load_names(path: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    if let Ok(text) = fs::read_to_string(path) {
        for line in text.lines() {
            names.push(line.to_string());
        }
    }
    names
}

// A variable named like a module: `report::summarize` is still the module's function.
fn recount(store: &Db) -> String {
    let report = summarize(store);
    report::headline(&report)
}

fn main() {
    let title = banner("inventory");
    println!("{}", title);
    let mut db = Db::new("items");
    for name in load_names("names.txt") {
        db.add(&name);
    }
    db.flush();
    let other: Db = open("backup");
    let summary = summarize(&other);
    println!("{}", summary.title());
    let heading = summary.title();
    summary.render();
    let spare = Db::default();
    store::sync(&spare);
    crate::store::disk::sync(&db);
    recount(&db);
    std::process::exit(heading.len() as i32);
}
