package format

import "testing"

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := Parse("pid %d exec %-16s fd %5d size %#llx %s\n"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrintf(b *testing.B) {
	convs, err := Parse("pid %d exec %-16s fd %5d size %#llx %s\n")
	if err != nil {
		b.Fatal(err)
	}
	args := []Value{Int(4242, 4), String("bash"), Int(3, 4), Uint(0xdeadbeef, 8), String("/etc/passwd")}
	p := NewPrinter()
	var buf []byte
	for b.Loop() {
		if buf, err = p.Append(buf[:0], convs, args, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkRawBytes(b *testing.B) {
	data := make([]byte, 256)
	for i := range data {
		data[i] = byte(i)
	}
	var buf []byte
	for b.Loop() {
		buf = AppendRawBytes(buf[:0], data)
	}
	b.SetBytes(int64(len(data)))
}
