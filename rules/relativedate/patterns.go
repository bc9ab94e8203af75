package relativedate

import (
	"github.com/memlint/memlint/internal/lazyre"
)

// Patterns of absolute dates, which anchor relative ones.

const rdMonthNames = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

var (
	// rdAnchorDay matches a full absolute date.
	rdAnchorDay = lazyre.New(`(?i)\b(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])\b` +
		`|\b` + rdMonthNames + `\.?\s+\d{1,2}(?:st|nd|rd|th)?\b` +
		`|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + rdMonthNames + `\b` +
		`|\b\d{1,2}/\d{1,2}/(?:19|20)\d\d\b` +
		`|[0-9０-９]{1,2}\s*月\s*[0-9０-９]{1,2}\s*[日号號]` +
		`|[0-9]{1,2}\s*월\s*[0-9]{1,2}\s*일`)
	// rdAnchorMonth matches a year-month, a month name or a quarter.
	rdAnchorMonth = lazyre.New(`(?i)\b(?:19|20)\d\d[-/.](?:0[1-9]|1[0-2])\b` +
		`|\b(?:january|february|march|april|june|july|august|september|october|november|december)\b` +
		`|\b` + rdMonthNames + `\.?\s+(?:of\s+)?(?:19|20)\d\d\b` +
		`|\b[QH][1-4]\s*(?:19|20)\d\d\b|\b(?:19|20)\d\d\s*-?\s*[QH][1-4]\b` +
		`|[0-9０-９]{1,2}\s*月|[0-9]{1,2}\s*월`)
	// rdAnchorYear matches a year.
	rdAnchorYear = lazyre.New(`\b(?:19|20)\d\d\b`)
)
