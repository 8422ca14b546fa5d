package store

type Counter struct {
	n int
}

func (c *Counter) Inc() {
	c.n++
	c.check()
}

func (c Counter) check() {
	if c.n < 0 {
		panic("negative count")
	}
}

// Items is a method of Store written in another file than Store itself.
func (s *Store) Items() []string {
	out := make([]string, 0, len(s.items))
	return append(out, s.items...)
}

func defaultItem() string {
	return "widget"
}

// Inventory embeds a Store: Store's methods are Inventory's.
type Inventory struct {
	Store
}

func (inv *Inventory) Restock(n int) {
	for i := 0; i < n; i++ {
		inv.Add(defaultItem())
	}
	if inv.Count() > 10 {
		inv.Log("full")
	}
}
