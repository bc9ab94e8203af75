package hostiletest

import "strings"

// FakeAnthropicKey is a made-up Anthropic API key of the real format
// (sk-ant-api03-, 93 URL-safe base64 characters, AA), the same for the
// same seed: what an agent might write into memory. It is built at run
// time so that no key-shaped literal sits in the repository for a
// secret scanner to flag.
func FakeAnthropicKey(seed uint32) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	var b strings.Builder
	b.WriteString("sk-ant-" + "api03-")
	x := seed | 1 // xorshift never leaves 0
	for range 93 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteByte(alphabet[x%64])
	}
	return b.String() + "AA"
}
