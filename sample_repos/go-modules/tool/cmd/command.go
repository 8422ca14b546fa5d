package cmd

import (
	"strings"

	"example.com/lib/shape"
)

type Command struct {
	name   string
	parent *Command
	subs   []*Command
	byName map[string]*Command
}

func (c *Command) Name() string { return strings.ToLower(c.name) }

func (c *Command) Find(args []string) (*Command, []string, error) {
	return c, args, nil
}

func (c *Command) Root() *Command {
	if c.parent != nil {
		return c.parent.Root()
	}
	return c
}

func (c *Command) Run(args []string) string {
	found, rest, err := c.Find(args)
	if err != nil {
		return ""
	}
	found.Name()
	c.Root()
	for _, sub := range c.subs {
		sub.Name()
	}
	c.byName["x"].Root()
	c = c.parent
	return strings.Join(rest, " ")
}

func Measure(kind string) string {
	s, squares, _ := shape.Parse(kind)
	for _, sq := range squares {
		sq.Area()
	}
	switch v := s.(type) {
	case *shape.Square:
		v.Name()
	}
	if sq, ok := s.(*shape.Square); ok {
		sq.Area()
	}
	return shape.Describe(s)
}
