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

// loud names a variable after its own type: on the right of `:=` the name is still the
// type (the variable is made after its value), below it the variable.
func loud() string {
	shout := &shout{word: "hi"}
	return shout.Name()
}

// quiet calls the package strings above the line where a variable takes its name: the
// variable is not there yet.
func quiet() string {
	first := strings.TrimSpace(" a ")
	strings := []string{first}
	return strings[0]
}
