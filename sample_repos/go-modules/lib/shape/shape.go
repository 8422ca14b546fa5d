package shape

import "fmt"

// Shape is what every figure can do.
type Shape interface {
	Area() float64
	Name() string
}

type Square struct{ Side float64 }

func (s *Square) Area() float64 { return s.Side * s.Side }

func (s *Square) Name() string { return "square" }

type Circle struct{ R float64 }

func (c Circle) Area() float64 { return 3 * c.R * c.R }

func (c Circle) Name() string { return "circle" }

// Line has an Area but no Name: it is not a Shape.
type Line struct{}

func (Line) Area() float64 { return 0 }

func Describe(s Shape) string {
	return fmt.Sprintf("%s %f", s.Name(), s.Area())
}

func Parse(kind string) (Shape, []*Square, error) {
	return &Square{Side: 1}, []*Square{{Side: 2}}, nil
}
