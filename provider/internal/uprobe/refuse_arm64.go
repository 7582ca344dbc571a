package uprobe

const refusedWhat = "an exclusive load or store"

func uprobeRefuses(code []byte) bool { return uprobeRefusesARM64(code) }
