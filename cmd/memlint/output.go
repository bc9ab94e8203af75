package main

import "github.com/memlint/memlint/lint/report"

// writeReportFile is report.WriteFile, by the name the tests call.
var writeReportFile = report.WriteFile
