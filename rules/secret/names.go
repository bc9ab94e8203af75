package secret

// Tables of the names that mark a value as a secret.

// scLabelKind is what a name says about the value assigned to it.
type scLabelKind int

const (
	scLabelNone      scLabelKind = iota
	scLabelPassword              // password, passwd, pwd, pass, passphrase
	scLabelToken                 // token, secret, api_key, access_key, auth, credential …
	scLabelAWSSecret             // aws_secret_access_key, SecretAccessKey
	scLabelAzureKey              // AccountKey=, SharedAccessKey= in connection strings
	scLabelTwilio                // TWILIO_AUTH_TOKEN, twilio_api_secret
)

// scKeyQualifiers are the words that make "key" a secret's name: api_key,
// secret_key, private_key, but not key_id, primary_key or sort_key.
var scKeyQualifiers = map[string]bool{
	"api": true, "access": true, "secret": true, "private": true, "signing": true, "encryption": true,
	"master": true, "account": true, "shared": true, "client": true, "app": true, "service": true,
	"license": true, "auth": true, "subscription": true, "role": true, "admin": true,
}

// scNotCredentialToken are words before "token" in names of values that
// grant nothing: pagination cursors and idempotency or change markers
// (NextToken, ContinuationToken, ChangeToken in AWS APIs).
var scNotCredentialToken = map[string]bool{
	"next": true, "continuation": true, "pagination": true, "page": true, "cursor": true, "change": true,
	"sync": true, "idempotency": true, "request": true, "update": true, "unit": true, "verification": true,
	"marker": true, "resume": true, "lock": true, "max": true, "input": true, "output": true, "prompt": true,
	"completion": true, "cache": true, "import": true, "starting": true,
}

// scSecretNames are last words of a name whose value is a secret.
var scSecretNames = map[string]scLabelKind{
	"password": scLabelPassword, "passwd": scLabelPassword, "pwd": scLabelPassword, "pass": scLabelPassword,
	"passphrase": scLabelPassword, "passcode": scLabelPassword,
	"secret": scLabelToken, "token": scLabelToken, "apikey": scLabelToken, "accesskey": scLabelToken,
	"secretkey": scLabelToken, "privatekey": scLabelToken, "credential": scLabelToken, "credentials": scLabelToken,
	"auth": scLabelToken, "authorization": scLabelToken, "authtoken": scLabelToken, "accesstoken": scLabelToken,
	"bearer": scLabelToken,
}

// scPasswordSuffixes end a one-word name of a password: PGPASSWORD,
// dbpassword.
var scPasswordSuffixes = []string{"password", "passwd"}

// scTokenSuffixes end a one-word name of a token: authtoken, APIKEY.
var scTokenSuffixes = []string{"token", "secret", "apikey", "accesskey", "secretkey"}
