package main

import (
	"fmt"

	st "example.com/shop/store"
	"example.com/shop/util"
)

func main() {
	s := st.New("main")
	s.Add("apple")
	report(s)

	var c st.Counter
	c.Inc()
	var t util.Counter
	t.Inc()

	fmt.Println(util.Upper("done"))
	run()
}

func report(s *st.Store) {
	fmt.Printf("%d items\n", s.Count())
	s.Log("reported")
}
