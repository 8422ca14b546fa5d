package token

type Pos int

type FileSet struct{ base int }

func NewFileSet() *FileSet { return &FileSet{base: 1} }

func (s *FileSet) Base() int { return s.base }
