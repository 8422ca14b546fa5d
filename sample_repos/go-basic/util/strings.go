package util

import "strings"

type Namer interface {
	Name() string
}

func Upper(s string) string {
	return strings.ToUpper(s)
}

func Greet(n Namer) string {
	return "hello " + n.Name()
}

func (c *Counter) Inc() {
	c.hits++
}
