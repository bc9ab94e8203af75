// Command allgo writes all.go in the current directory (rules/), listing
// every rule family folder; `go generate ./rules` runs it.
package main

import (
	"fmt"
	"os"

	"github.com/memlint/memlint/rules/internal/gen"
)

func main() {
	families, err := gen.Families(".")
	if err == nil {
		var src []byte
		if src, err = gen.AllGo(families); err == nil {
			err = os.WriteFile("all.go", src, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "allgo: %v\n", err)
		os.Exit(1)
	}
}
