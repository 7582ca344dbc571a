package pid

// arm64 instructions are 4 bytes each, decoded to find where the code ends.
func decode(code []byte) ([]uint64, error) { return decodeARM64(code) }
