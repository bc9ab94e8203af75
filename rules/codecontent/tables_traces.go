package codecontent

import (
	"github.com/memlint/memlint/internal/lazyre"
)

// Patterns of stack trace frames.

var (
	reJSFrame     = lazyre.New(`^at (?:async )?(?:\S.*? \()?(?:file://)?(\S*[./]\S*?|node:\w+):\d+:\d+\)?\s*$`)
	reJavaFrame   = lazyre.New(`^at [\w$.<>/]+\.[\w$<>]+\((?:[\w$.-]+\.(java|kt|kts|scala|groovy|clj):\d+|Native Method|Unknown Source)\)\s*$`)
	reDotnetFrame = lazyre.New("^at [\\w.<>`+\\[\\]]+\\.[\\w<>`]+\\([^)]*\\)(?: in \\S.*:line \\d+)?\\s*$")
	rePyHead      = lazyre.New(`^Traceback \(most recent call last\):`)
	rePyFrame     = lazyre.New(`^File "[^"]+", line \d+`)
	reGoHead      = lazyre.New(`^goroutine \d+ \[[^\]]*\]:`)
	reGoFrame     = lazyre.New(`^\S+\.go:\d+ \+0x[0-9a-f]+\s*$`)
	reRustHead    = lazyre.New(`^thread '[^']*' panicked at`)
	reRustFrame   = lazyre.New(`^\d+:\s+(?:0x[0-9a-f]+ - )?[\w<>$.:]+\s*$`)
	// reTraceMessage is the exception line above JavaScript, Java and .NET
	// frames: "TypeError: x", "java.lang.IllegalStateException: closed".
	reTraceMessage = lazyre.New(`^(?:[\w$.]*(?:Error|Exception|Throwable)\b|Exception in thread |Caused by: )`)
)
