pub mod disk;

pub use self::disk::sync;

pub struct Store {
    name: String,
    items: Vec<String>,
}

impl Store {
    pub fn new(name: &str) -> Self {
        Self {
            name: name.to_string(),
            items: Vec::new(),
        }
    }

    pub fn with_items(name: &str, items: &[&str]) -> Self {
        let mut store = Self::new(name);
        for item in items {
            store.add(item);
        }
        store
    }

    pub fn add(&mut self, item: &str) {
        if self.accepts(item) {
            self.items.push(item.to_string());
        }
    }

    fn accepts(&self, item: &str) -> bool {
        !item.is_empty()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }
}

impl Default for Store {
    fn default() -> Self {
        Store::new("default")
    }
}

pub fn open(name: &str) -> Store {
    let store = Store::with_items(name, &["first"]);
    disk::load(&store);
    store
}
