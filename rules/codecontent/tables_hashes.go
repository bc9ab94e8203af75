package codecontent

// Tables of the commit hash detector: the words that make a hex word a
// commit, and those that keep it as an anchor.

// resourceNouns name things other than commits that are known by hex IDs:
// right before a hex word, they say what it is ("deploy to the D1 database
// 86b5c771").
var resourceNouns = setOf(
	"d1", "db", "database", "bucket", "id", "instance", "account", "zone", "cluster", "volume",
	"namespace", "kv", "table", "image", "container", "tenant", "workspace",
)

// hashKeywords make a short hex word a commit hash when one of them stands
// up to three words before it.
var hashKeywords = setOf(
	"commit", "commits", "committed", "sha", "sha1", "sha-1",
	"cherry-pick", "cherry-picked", "cherry-picks",
	"revert", "reverts", "reverted", "git",
	"bisect", "bisected", "rebase", "rebased", "squash", "squashed",
	"merge", "merged", "merges", "merging", "deploy", "deployed", "deploys", "deploying",
	"shipped", "landed", "pushed", "hotfix", "hotfixed", "reapplied", "re-applied", "reapply",
)

// inKeywords make "<word> in abc1234" a commit reference: fixed in,
// merged in, introduced in.
var inKeywords = setOf("fixed", "merged", "introduced", "landed", "reverted",
	"broken", "broke", "regressed", "shipped", "resolved", "deployed", "added", "removed", "changed")

// historyPhrasesBefore, lowercased, right before a hash in languages
// other than English, make it a commit: "corrigé dans a1b2c3d", "в коммите
// a1b2c3d".
var historyPhrasesBefore = []string{
	"corrigé dans", "corrigé en", "corrigée dans", "коммит", "исправлено в", "исправлен в",
	"corregido en", "arreglado en", "solucionado en", "corrigido em", "resolvido em", "behoben in",
	"behoben mit", "gefixt in", "修复于", "合并了", "修正于",
}

// historyPhrasesAfter, right after a hash, do the same where the language
// puts the word after it: "a1b2c3d 커밋에서", "a1b2c3d で修正".
var historyPhrasesAfter = []string{
	"커밋", "에서 고쳐", "에서 수정", "에서 해결", "コミット", "で修正", "で直", "で解決", "中修复", "提交",
}

// byKeywords make "<word> by abc1234" a commit reference: caused by,
// introduced by, fixed by.
var byKeywords = setOf("caused", "introduced", "broken", "broke", "fixed", "reverted", "replaced",
	"superseded", "regressed", "resolved")

// anchorsBefore, found in the same sentence before a hash (lowercased),
// make it a reference to keep rather than history.
var anchorsBefore = []string{
	"roll back to", "rollback to", "roll-back to", "roll back", "rollback target", "rollback point",
	"rollback:", "revert to", "reset to", "reset --hard", "go back to", "return to", "restore to",
	"git restore", "fall back to", "fallback to", "fallback:", "git checkout", "check out", "git switch",
	"known-good", "known good", "last good", "last-good", "last working", "last stable", "good build",
	"good commit", "good version", "stable build", "stable commit", "baseline:", "baseline is",
	"baseline commit", "baseline build", "as baseline", "as the baseline", "the baseline for",
	"locked to", "lock to",
	"safe point", "restore point", "回滚到", "回退到", "回滚至", "ロールバック先", "revenir à",
	"volver a", "zurück auf", "откат",
}

// anchorWords, as whole words before a hash in its sentence, make it an
// anchor: a pin is a reference to keep ("pin the parser to 3c4d5e6f").
var anchorWords = setOf("pin", "pins", "pinned", "pinning", "repin")

// anchorsAfter, found in the same sentence after a hash, do the same:
// "a1b2c3d (last known good)", "a1b2c3d is the baseline".
var anchorsAfter = []string{
	"last good", "last known", "known good", "known-good", "is the baseline", "as the baseline",
	"as baseline", "(baseline", "as a fallback", "as the fallback", "(fallback", "is the rollback",
	"as the rollback", "(rollback", "rollback target", "rollback point", "is pinned", "(pinned", "stays pinned",
	"로 롤백", "으로 롤백", "로 되돌리", "으로 되돌리", "に戻す", "に戻せ", "まで戻す",
}

// notCommitsBefore, in the same sentence before a hex word, say it is
// the digest of something other than a commit: "sha1sum of the tarball:
// 3f9a…", "trace id 4bf92f35…".
var notCommitsBefore = []string{
	"checksum", "sha1sum", "shasum", "sha256", "md5", "digest:", "digest is", "image digest",
	"fingerprint:", "fingerprint is", "integrity:", "integrity hash", "etag", "access token",
	"api token", "token:", "token is", "api key", "secret:", "secret is", "file hash", "content hash",
	"hash of the file", "request id", "trace id", "span id", "session id", "uuid", "object id", "oid ",
	"git blob", "blob id", "build id", "image id", "container id", "device id", "client id", "app id",
}

// sentenceEnds separate the sentences of a line.
var sentenceEnds = []string{". ", "; ", "! ", "? ", "。", "；", "！", "？", " | "}
