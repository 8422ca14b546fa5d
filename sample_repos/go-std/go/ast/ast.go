package ast

import (
	"fmt"
	"go/token"

	"golang.org/x/text"
)

type File struct {
	Fset *token.FileSet
}

func NewFile() *File {
	f := &File{Fset: token.NewFileSet()}
	f.Fset.Base()
	fmt.Println(text.Width("x"))
	return f
}
