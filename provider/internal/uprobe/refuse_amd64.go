package uprobe

const refusedWhat = "lock prefix or VEX/EVEX encoding"

func uprobeRefuses(code []byte) bool { return uprobeRefusesAMD64(code) }
