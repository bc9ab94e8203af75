package relativedate

import (
	"fmt"
	"strconv"
	"time"
)

// What an expression means, and the absolute date it resolves to.

// dateUnit says how a relative expression counts from the date it was
// written.
type dateUnit int

const (
	rdDay           dateUnit = iota // n days from the base date
	rdWeek                          // the week n weeks from the base date's week
	rdWeekdayOfWeek                 // weekday wd of the week n weeks away
	rdNextWeekday                   // the first wd after the base date
	rdThisWeekday                   // the first wd on or after the base date
	rdLastWeekday                   // the last wd before the base date
	rdNearWeekday                   // a bare weekday: the coming one or the past one
	rdWeekend                       // the weekend n weekends away
	rdEndOfWeek                     // Friday of the week n weeks away
	rdMonth                         // the month n months away
	rdEndOfMonth                    // the last day of the month n months away
	rdQuarter                       // the quarter n quarters away
	rdYear                          // the year n years away
)

// dateMeaning is what a relative date expression refers to.
type dateMeaning struct {
	unit  dateUnit
	n     int
	wd    time.Weekday
	vague bool // "a few days ago": the date is approximate
}

// dateGrain is how precise an expression is, which decides what absolute date
// in the same sentence anchors it.
type dateGrain int

const (
	rdGrainDay dateGrain = iota
	rdGrainWeek
	rdGrainMonth
	rdGrainYear
)

func (m dateMeaning) grain() dateGrain {
	switch m.unit {
	case rdWeek, rdWeekend:
		return rdGrainWeek
	case rdMonth, rdEndOfMonth, rdQuarter:
		return rdGrainMonth
	case rdYear:
		return rdGrainYear
	}
	return rdGrainDay
}

func rdISO(t time.Time) string { return t.Format("2006-01-02") }

// rdMonday returns the Monday of t's week (weeks start on Monday).
func rdMonday(t time.Time) time.Time {
	return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
}

// resolve returns the absolute date the expression meant when written on
// base, and an alternative reading when the expression is ambiguous.
func (m dateMeaning) resolve(base time.Time) (abs, alt string) {
	switch m.unit {
	case rdDay:
		abs = rdISO(base.AddDate(0, 0, m.n))
		if m.vague {
			abs = "around " + abs
		}
	case rdWeek:
		abs = "the week of " + rdISO(rdMonday(base).AddDate(0, 0, 7*m.n))
	case rdWeekdayOfWeek:
		abs = rdISO(rdMonday(base).AddDate(0, 0, 7*m.n+(int(m.wd)+6)%7))
	case rdNextWeekday:
		d := base.AddDate(0, 0, 1+(int(m.wd)-int(base.Weekday())+6)%7)
		abs = rdISO(d)
		if rdMonday(d).Equal(rdMonday(base)) {
			alt = fmt.Sprintf("%s if it meant the %s of the following week", rdISO(d.AddDate(0, 0, 7)), m.wd)
		}
	case rdThisWeekday:
		abs = rdISO(base.AddDate(0, 0, (int(m.wd)-int(base.Weekday())+7)%7))
	case rdLastWeekday:
		abs = rdISO(base.AddDate(0, 0, -1-(int(base.Weekday())-int(m.wd)+6)%7))
	case rdNearWeekday:
		next := base.AddDate(0, 0, 1+(int(m.wd)-int(base.Weekday())+6)%7)
		past := base.AddDate(0, 0, -((int(base.Weekday()) - int(m.wd) + 7) % 7))
		abs = rdISO(next)
		which := "the " + m.wd.String() + " before"
		if past.Equal(base) {
			which = "the same day"
		}
		alt = fmt.Sprintf("%s if it meant %s", rdISO(past), which)
	case rdWeekend:
		sat := base.AddDate(0, 0, (int(time.Saturday)-int(base.Weekday())+7)%7)
		if base.Weekday() == time.Sunday {
			sat = base.AddDate(0, 0, -1)
		}
		abs = "the weekend of " + rdISO(sat.AddDate(0, 0, 7*m.n))
	case rdEndOfWeek:
		abs = rdISO(rdMonday(base).AddDate(0, 0, 7*m.n+4))
	case rdMonth:
		abs = time.Date(base.Year(), base.Month()+time.Month(m.n), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	case rdEndOfMonth:
		abs = rdISO(time.Date(base.Year(), base.Month()+time.Month(m.n)+1, 0, 0, 0, 0, 0, time.UTC))
	case rdQuarter:
		q := int(base.Month()-1)/3 + m.n
		y := base.Year() + rdFloorDiv(q, 4)
		abs = fmt.Sprintf("%d-Q%d", y, q-4*rdFloorDiv(q, 4)+1)
	case rdYear:
		abs = strconv.Itoa(base.Year() + m.n)
	}
	if m.vague && m.unit != rdDay {
		abs = "around " + abs
	}
	return abs, alt
}

func rdFloorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// placeholder is the shape of the absolute date to write, for memories
// without a modified timestamp.
func (m dateMeaning) placeholder() string {
	switch m.unit {
	case rdWeek:
		return "the week of YYYY-MM-DD"
	case rdWeekend:
		return "the weekend of YYYY-MM-DD"
	case rdMonth:
		return "YYYY-MM"
	case rdQuarter:
		return "YYYY-Qn"
	case rdYear:
		return "YYYY"
	}
	return "YYYY-MM-DD"
}
