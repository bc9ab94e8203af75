package codecontent

// Byte classes.

// Byte classes, looked up in a table: the hash scan visits every byte of
// prose.
const (
	ccClassDigit = 1 << iota
	ccClassLetter
	ccClassLowerHex
	ccClassWord
)

var ccClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= '0' && c <= '9':
			t[c] = ccClassDigit | ccClassLowerHex | ccClassWord
		case c >= 'a' && c <= 'f':
			t[c] = ccClassLetter | ccClassLowerHex | ccClassWord
		case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			t[c] = ccClassLetter | ccClassWord
		case c == '_':
			t[c] = ccClassWord
		}
	}
	return t
}()

func ccDigit(c byte) bool { return ccClass[c]&ccClassDigit != 0 }

func ccLowerHex(c byte) bool { return ccClass[c]&ccClassLowerHex != 0 }

func ccLetter(c byte) bool { return ccClass[c]&ccClassLetter != 0 }

func ccWordByte(c byte) bool { return ccClass[c]&ccClassWord != 0 }

func ccLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func ccAllLowerHex(b []byte) bool {
	for _, c := range b {
		if !ccLowerHex(c) {
			return false
		}
	}
	return true
}

// ccMixedHex reports whether a hex word has both a digit and a letter: "1234567"
// is a number and "deadbeef" a word, not hashes.
func ccMixedHex(b []byte) bool {
	var digit, letter bool
	for _, c := range b {
		if ccDigit(c) {
			digit = true
		} else {
			letter = true
		}
	}
	return digit && letter
}
