//go:build unix

package safefile

import "syscall"

// openFlags: a FIFO swapped in after the first look must not block the
// open itself until a writer comes; the fstat after it refuses the FIFO.
// On a regular file O_NONBLOCK changes nothing.
const openFlags = syscall.O_NONBLOCK
