package store

import "fmt"

// Logger prints messages with a prefix; a Store embeds it.
type Logger struct {
	prefix string
}

func (l *Logger) Log(msg string) {
	fmt.Println(l.prefix + msg)
}

type Store struct {
	*Logger
	items   []string
	counter Counter
}

var defaultStore = New("default")

func New(name string) *Store {
	return &Store{Logger: &Logger{prefix: name}}
}

func (s *Store) Add(item string) {
	if item == "" {
		item = defaultItem()
	}
	s.items = append(s.items, item)
	s.counter.Inc()
	s.Log("added " + item)
}

func (s *Store) Count() int {
	return len(s.items)
}
