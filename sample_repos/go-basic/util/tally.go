package util

// Counter shares its name, and the name of its method, with store.Counter; its method
// is written in strings.go.
type Counter struct {
	hits int
}
