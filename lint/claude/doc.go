// Package claude emulates what Claude Code 2.1.328 does with a memory dir
// and the instructions beside it: the text of MEMORY.md it loads and where
// it cuts it (loadIndex), the manifest of topic files recall scans and
// what it reads of each (scanManifestDir, readRecallFields), a preview of a
// dir as Claude Code would load it (PreviewDir), the instruction files it
// loads (CLAUDE.md and its @imports: LoadInstructions) and whether recall
// mode is on for the account (detectRecall).
package claude
