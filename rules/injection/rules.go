// Package injection holds the rule against memory that carries instructions
// for the agent instead of knowledge: memory-injection.
//
// The patterns are a trigger table: English and language-free ones in
// triggers.go, those of other languages in languages.go. A file is read in
// units (a paragraph, a list item, a table row…), each as the agent reads
// it: normalize.go folds look-alike letters, NFKC forms, invisible
// characters, accents, emphasis and escapes (escapes.go) away and keeps, for
// each byte it reads, the bytes of the file it came from. One pass over
// the file (scan.go) finds each unit's table words and marks and notes the
// units that need the normaliser; the others keep a fast path that reads
// their bytes as they are. Only a unit holding a trigger's word meets its
// regular expression. Encoded text (decode.go: short base64 and
// hexadecimal, decoded and read by the same table), blobs (base64.go),
// image beacons (beacon.go), forged transcripts and the comments of topic
// files have scanners of their own.
package injection

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	Rule,
}
