package main

import (
	"fmt"

	"example.com/tool/cmd"
)

func main() {
	root := &cmd.Command{}
	fmt.Println(root.Run(nil), cmd.Measure("square"))
}
