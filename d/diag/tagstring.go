package diag

import "strconv"

// String is the tag's DTrace name, "D_SYNTAX".
func (t Tag) String() string {
	if t >= 0 && t < numTags {
		return tagNames[t]
	}
	return "D_TAG(" + strconv.Itoa(int(t)) + ")"
}

// LookupTag returns the tag named name ("D_SYNTAX") and whether it exists.
func LookupTag(name string) (Tag, bool) {
	for t, n := range tagNames {
		if n == name {
			return Tag(t), true
		}
	}
	return D_UNKNOWN, false
}
