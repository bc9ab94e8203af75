package session

// isWordByte reports whether c is an ASCII letter, digit or underscore:
// what a phrase or a word may not touch to stand as words.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
