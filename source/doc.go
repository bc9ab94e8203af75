// Package source reads the content a run lints when it is not the working
// tree: what the git index holds (the content being committed) and what a
// revision held (the earlier content log-append-only compares with), each
// as an fs.FS for the engine, with go-git's object store and a fallback to
// the git command line. It knows no rule and imports lint; lint does not
// import it, so the command picks the source from its flags.
package source
