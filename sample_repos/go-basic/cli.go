package main

import (
	"fmt"
	"strings"

	"example.com/shop/store"
	. "example.com/shop/util"
)

type shout struct{ word string }

func (s shout) Name() string { return Upper(s.word) }

func run() {
	inv := &store.Inventory{}
	inv.Restock(2)

	p := new(store.Store)
	p.Add(strings.TrimSpace(" pear "))
	if len(p.Items()) == 0 {
		panic("empty")
	}

	fmt.Println(Greet(shout{word: "hey"}))

	later := func() { report(p) }
	later()
}
