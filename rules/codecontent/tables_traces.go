package codecontent

import (
	"regexp"
)

// Patterns of stack trace frames.

var (
	reJSFrame     = regexp.MustCompile(`^at (?:async )?(?:\S.*? \()?(?:file://)?(\S*[./]\S*?|node:\w+):\d+:\d+\)?\s*$`)
	reJavaFrame   = regexp.MustCompile(`^at [\w$.<>/]+\.[\w$<>]+\((?:[\w$.-]+\.(java|kt|kts|scala|groovy|clj):\d+|Native Method|Unknown Source)\)\s*$`)
	reDotnetFrame = regexp.MustCompile("^at [\\w.<>`+\\[\\]]+\\.[\\w<>`]+\\([^)]*\\)(?: in \\S.*:line \\d+)?\\s*$")
	rePyHead      = regexp.MustCompile(`^Traceback \(most recent call last\):`)
	rePyFrame     = regexp.MustCompile(`^File "[^"]+", line \d+`)
	reGoHead      = regexp.MustCompile(`^goroutine \d+ \[[^\]]*\]:`)
	reGoFrame     = regexp.MustCompile(`^\S+\.go:\d+ \+0x[0-9a-f]+\s*$`)
	reRustHead    = regexp.MustCompile(`^thread '[^']*' panicked at`)
	reRustFrame   = regexp.MustCompile(`^\d+:\s+(?:0x[0-9a-f]+ - )?[\w<>$.:]+\s*$`)
	// reTraceMessage is the exception line above JavaScript, Java and .NET
	// frames: "TypeError: x", "java.lang.IllegalStateException: closed".
	reTraceMessage = regexp.MustCompile(`^(?:[\w$.]*(?:Error|Exception|Throwable)\b|Exception in thread |Caused by: )`)
)
