//go:build !unix

package safefile

// openFlags: no FIFOs to guard against outside Unix.
const openFlags = 0
