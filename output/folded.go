package output

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
)

// The folded format of stacks (stackformat=folded) is what flame-graph
// tools read: one line per stack, its frames from the root to the leaf
// joined by ';', a space and the value. The aggregation's other keys come
// first, as frames above the root, so that a flame graph splits by them.
// Frames are named without their offset, module`function, so that
// samples in the same function merge, as the tools' own stack collapsers
// do; lines that then fold to the same text are added together.

// foldable reports whether a printa() of aggs can be folded: one
// aggregation of count() or sum() keyed by a stack.
func foldable(aggs []*agg.Aggregation) bool {
	if len(aggs) != 1 {
		return false
	}
	a := aggs[0]
	if a.Func != agg.Count && a.Func != agg.Sum {
		return false
	}
	es := a.Entries()
	return len(es) > 0 && stackKey(es[0].Keys) >= 0
}

// stackKey returns the index of the first stack among keys, or -1.
func stackKey(keys []format.Value) int {
	for i, k := range keys {
		if k.Kind == format.KindStack || k.Kind == format.KindUStack {
			return i
		}
	}
	return -1
}

// foldedLine is one line of folded output before it is printed.
type foldedLine struct {
	stack string
	value int64
}

// appendFolded appends the folded lines of a, sorted by value as DTrace
// sorts, ties by text.
func appendFolded(dst []byte, sym format.Symbolizer, a *agg.Aggregation) []byte {
	sums := map[string]int64{}
	var order []string
	var sb strings.Builder
	for _, e := range a.Entries() {
		sb.Reset()
		for _, k := range e.Keys {
			if k.Kind == format.KindStack || k.Kind == format.KindUStack {
				appendFoldedStack(&sb, sym, k, 0)
				continue
			}
			if sb.Len() > 0 {
				sb.WriteByte(';')
			}
			sb.WriteString(foldedFrame(keyText(sym, k)))
		}
		s := sb.String()
		if _, ok := sums[s]; !ok {
			order = append(order, s)
		}
		sums[s] += a.Result(e.Data).Int64()
	}
	lines := make([]foldedLine, len(order))
	for i, s := range order {
		lines[i] = foldedLine{s, sums[s]}
	}
	slices.SortStableFunc(lines, func(x, y foldedLine) int {
		if c := cmp.Compare(x.value, y.value); c != 0 {
			return c
		}
		return strings.Compare(x.stack, y.stack)
	})
	for _, l := range lines {
		dst = append(dst, l.stack...)
		dst = append(dst, ' ')
		dst = strconv.AppendInt(dst, l.value, 10)
		dst = append(dst, '\n')
	}
	return dst
}

// FoldedStack is the text of stack v in the folded format, its frames
// joined by ';' from the root to the leaf, of the innermost max frames
// (all of them when max <= 0).
func FoldedStack(sym format.Symbolizer, v format.Value, max int) string {
	var sb strings.Builder
	appendFoldedStack(&sb, sym, v, max)
	return sb.String()
}

// appendFoldedStack appends the innermost max frames of stack v (all
// when max <= 0), root first.
func appendFoldedStack(sb *strings.Builder, sym format.Symbolizer, v format.Value, max int) {
	frames := v.Frames
	if i := slices.Index(frames, 0); i >= 0 {
		frames = frames[:i]
	}
	if max > 0 && len(frames) > max {
		frames = frames[:max]
	}
	for i := len(frames) - 1; i >= 0; i-- {
		if sb.Len() > 0 {
			sb.WriteByte(';')
		}
		if v.Kind == format.KindUStack && frames[i] == format.FrameTruncated {
			sb.WriteString(format.TruncatedText)
			continue
		}
		s, ok := lookup(sym, v, frames[i])
		sb.WriteString(foldedFrame(funcText(s, ok, frames[i])))
	}
}

// foldedFrame keeps a frame's text from breaking the line's syntax.
func foldedFrame(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ';', '\n':
			return '_'
		}
		return r
	}, s)
}

// appendFoldedEnd appends what a run prints when it ends with stacks
// folded: the unprinted aggregations that fold, folded, and the others
// as the text output prints them.
func appendFoldedEnd(dst []byte, p *format.Printer, ao *agg.Options, set *agg.Set) []byte {
	var rest agg.Set
	var folded []*agg.Aggregation
	for _, a := range set.Aggregations() {
		switch {
		case a.Printed:
		case foldable([]*agg.Aggregation{a}):
			folded = append(folded, a)
		default:
			rest.Declare(a)
		}
	}
	if len(rest.Aggregations()) > 0 || len(folded) == 0 {
		dst = rest.End(dst, ao)
	}
	for _, a := range folded {
		dst = appendFolded(dst, p.Sym, a)
	}
	return dst
}
