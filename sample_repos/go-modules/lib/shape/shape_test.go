package shape

import "testing"

func TestDescribe(t *testing.T) {
	if Describe(&Square{Side: 2}) == "" {
		t.Fatal("empty")
	}
}
