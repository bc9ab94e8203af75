package secret

import (
	"hash/crc32"
	"strings"
)

// The checksum of classic GitHub tokens.

// githubChecksumOK verifies the checksum of a classic GitHub token: the
// last 6 characters are the CRC32 of the characters between the prefix and
// them, in base 62, zero-padded. npm tokens are not checked this way: their
// format is not documented as precisely.
func githubChecksumOK(token string) bool {
	_, rest, ok := strings.Cut(token, "_")
	if !ok || len(rest) <= 6 {
		return false
	}
	payload, sum := rest[:len(rest)-6], rest[len(rest)-6:]
	return scBase62Pad6(crc32.ChecksumIEEE([]byte(payload))) == sum
}

const scBase62Digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// scBase62Pad6 writes n in base 62, six digits with leading zeros (a CRC32
// always fits: 62^6 > 2^32).
func scBase62Pad6(n uint32) string {
	var b [6]byte
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = scBase62Digits[n%62]
		n /= 62
	}
	return string(b[:])
}
