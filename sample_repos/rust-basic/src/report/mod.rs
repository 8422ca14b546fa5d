use crate::store::Store;

pub trait Render {
    fn title(&self) -> String;

    fn render(&self) -> String {
        let head = self.title();
        head
    }
}

pub struct Summary {
    count: usize,
}

impl Summary {
    fn from_store(store: &Store) -> Summary {
        Summary { count: store.len() }
    }
}

impl Render for Summary {
    fn title(&self) -> String {
        format!("{} items", self.count)
    }
}

pub trait Describe {
    fn describe(self) -> String;
}

impl<'a> Describe for &'a Summary {
    fn describe(self) -> String {
        self.title()
    }
}

pub fn headline(summary: &Summary) -> String {
    summary.describe()
}

// A type parameter before `::` is its bound: `R::render` is `Render.render`.
pub fn render_any<R: Render>(item: &R) -> String {
    R::render(item)
}

pub fn summarize(store: &Store) -> Summary {
    Summary::from_store(store)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_nothing() {
        let store = Store::new("t");
        let summary = super::summarize(&store);
        let text = summary.title();
        assert_eq!(text, "0 items");
    }
}
