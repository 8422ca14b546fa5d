package text

func Width(s string) int { return len(s) }
