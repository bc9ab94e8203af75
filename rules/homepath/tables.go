package homepath

// Tables of the home-path rule: the account names that are no one's own,
// the words that mark a path as an example, the code block languages
// whose content shows output, and the words a web route uses where an
// account name would stand. Extend them here; the scanner reads nothing
// else.

// sharedAccounts are account names that are the same on every machine
// that has them, or that documentation writes for anyone's: a path in
// such a home means the same to every reader (a CI runner's workspace, a
// dev container's user, a server's deploy account) or is a placeholder.
// Matched lowercased.
var sharedAccounts = setOf(
	// placeholders
	"user", "username", "user_name", "user-name", "usr", "you", "me", "name", "yourname", "your_name",
	"your-name", "yourusername", "your_username", "your-username", "youruser", "your_user", "myuser",
	"someone", "somebody", "example", "foo", "bar", "baz", "xxx", "xyz", "x", "johndoe",
	"jdoe", "janedoe", "dev", "developer", "test", "tester", "demo", "guest", "...", "…",
	// CI runners, dev containers, cloud images and servers
	"runner", "runneradmin", "vscode", "codespace", "codespaces", "gitpod", "node", "ubuntu", "ec2-user",
	"centos", "debian", "fedora", "admin", "administrator", "azureuser", "opc", "bitnami", "vagrant", "pi",
	"jenkins", "circleci", "travis", "buildkite", "ci", "build", "builder", "docker", "deploy", "deployer",
	"app", "www", "www-data", "git", "postgres", "steam", "root", "nobody", "daemon", "linuxbrew", "jovyan",
	"coder", "sandbox",
	// folders of every Windows or macOS machine
	"shared", "public", "default", "default user", "all users", "defaultuser0",
)

// routeWords stand after "/home/" in a web route ("/home/settings"), not
// in a home folder; such a path is not taken for one.
var routeWords = setOf(
	"feed", "settings", "dashboard", "index", "about", "profile", "page", "pages", "components", "sections",
	"section", "hero", "banner", "tab", "tabs", "view", "views", "screen", "screens", "layout", "main", "new",
	"edit", "search", "list", "detail", "details", "overview", "welcome", "landing", "content", "widgets",
)

// exampleMarkers, written before a path on its line, say that the path is
// an example ("e.g. `C:\Users\mario`"), not a place on the writer's
// machine. ASCII letters are matched without case; other scripts as
// written.
var exampleMarkers = []string{
	"e.g.", "e. g.", "eg.", "for example", "for instance", "such as", "example:", "examples:", // English
	"par exemple", "p. ex.", "p.ex.", // French
	"por ejemplo", "p. ej.", "p.ej.", "ejemplo:", // Spanish
	"ad es.", "ad esempio", "per esempio", "es.", "esempio:", // Italian
	"por exemplo", "exemplo:", "ex.:", // Portuguese
	"z. b.", "z.b.", "zum beispiel", "beispiel:", "bsp.", // German
	"bijv.", "bijvoorbeeld", // Dutch
	"например", "напр.", "к примеру", "пример:", // Russian
	"例如", "比如", "譬如", "示例", "举例", // Chinese
	"例えば", "たとえば", "例:", "例：", // Japanese
	"예:", "예를 들어", "예시", // Korean
	"ví dụ", "vd:", "vd.", // Vietnamese
}

// outputInfos are the info strings of fenced code blocks whose content
// shows what a program printed (or plain text), not a command or a
// configuration to run or copy: a home path there records where
// something happened on one machine. A block without one is taken as
// the same.
var outputInfos = setOf(
	"", "text", "txt", "plain", "plaintext", "output", "out", "log", "logs", "console", "shell-session",
	"sh-session", "terminal", "stdout", "stderr", "trace", "stacktrace", "traceback", "result", "results",
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
