package pid

// x86-64 instructions are 1 to 15 bytes: decoded one after another.
func decode(code []byte) ([]uint64, error) { return decodeAMD64(code) }
