package leb128

// Uint decodes the unsigned LEB128 number at the start of b and returns it
// with the number of bytes it took, 0 when b ends before the number does.
// Bits past the 64th are dropped.
func Uint(b []byte) (uint64, int) {
	var v uint64
	for i, c := range b {
		if shift := 7 * i; shift < 64 {
			v |= uint64(c&0x7f) << shift
		}
		if c&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}

// Int decodes the signed LEB128 number at the start of b and returns it
// with the number of bytes it took, 0 when b ends before the number does.
// The sign is that of the last byte's bit 6; bits past the 64th are
// dropped.
func Int(b []byte) (int64, int) {
	var v int64
	for i, c := range b {
		shift := 7 * i
		if shift < 64 {
			v |= int64(c&0x7f) << shift
		}
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v, i + 1
		}
	}
	return 0, 0
}
