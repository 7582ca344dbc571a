package pid

// UprobeRefuses is uprobeRefuses, for the external tests.
var UprobeRefuses = uprobeRefuses

// PerSite makes the units made until restore is called attach a uprobe
// per site, as on kernels without uprobe_multi links.
func PerSite() (restore func()) {
	old := haveMulti
	haveMulti = func() bool { return false }
	return func() { haveMulti = old }
}
