package uelf

import (
	"reflect"
	"testing"
)

// TestParseArgsARM64 reads arm64 notes' operands, as GCC's <sys/sdt.h>
// writes them on arm64, on any machine.
func TestParseArgsARM64(t *testing.T) {
	for _, tc := range []struct {
		in, back string // back: how String writes it, if not in
		want     Arg
	}{
		{"8@x1", "", Arg{Size: 8, Kind: ArgReg, Reg: RegX1, RegBits: 64, Base: RegNone, Index: RegNone}},
		{"-4@w0", "", Arg{Size: 4, Signed: true, Kind: ArgReg, Reg: RegX0, RegBits: 32, Base: RegNone, Index: RegNone}},
		{"8@x30", "", Arg{Size: 8, Kind: ArgReg, Reg: RegX30, RegBits: 64, Base: RegNone, Index: RegNone}},
		{"8@sp", "", Arg{Size: 8, Kind: ArgReg, Reg: RegA64SP, RegBits: 64, Base: RegNone, Index: RegNone}},
		{"-4@[sp, 16]", "", Arg{Size: 4, Signed: true, Kind: ArgMem, Base: RegA64SP, Index: RegNone, Offset: 16, Reg: RegNone}},
		{"8@[x0]", "", Arg{Size: 8, Kind: ArgMem, Base: RegX0, Index: RegNone, Reg: RegNone}},
		{"-8@[x29, -24]", "", Arg{Size: 8, Signed: true, Kind: ArgMem, Base: RegX29, Index: RegNone, Offset: -24, Reg: RegNone}},
		{"4@[x2, #8]", "4@[x2, 8]", Arg{Size: 4, Kind: ArgMem, Base: RegX2, Index: RegNone, Offset: 8, Reg: RegNone}},
		{"4@42", "", Arg{Size: 4, Kind: ArgConst, Const: 42, Base: RegNone, Index: RegNone, Reg: RegNone}},
		{"-2@-3", "", Arg{Size: 2, Signed: true, Kind: ArgConst, Const: -3, Base: RegNone, Index: RegNone, Reg: RegNone}},
		{"8@#0x10", "8@16", Arg{Size: 8, Kind: ArgConst, Const: 16, Base: RegNone, Index: RegNone, Reg: RegNone}},
		{"x3", "-8@x3", Arg{Size: 8, Signed: true, Kind: ArgReg, Reg: RegX3, RegBits: 64, Base: RegNone, Index: RegNone}},
	} {
		got, err := parseArgs(tc.in, parseArgARM64)
		if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0], tc.want) {
			t.Errorf("parseArgARM64(%q) = %+v, %v\nwant %+v", tc.in, got, err, tc.want)
			continue
		}
		back := tc.back
		if back == "" {
			back = tc.in
		}
		if s := got[0].stringARM64(); s != back {
			t.Errorf("%q written back as %q, want %q", tc.in, s, back)
		}
	}
	for _, bad := range []string{"4@", "3@x0", "8@x31", "8@x01", "8@y0", "8@[w0]", "8@[x0", "8@[x0, y]",
		"8@[x0, 8]]", "8@%rdi", "8@pc", "4@#", "8@[]"} {
		if args, err := parseArgs(bad, parseArgARM64); err == nil {
			t.Errorf("parseArgARM64(%q) = %+v, want an error", bad, args)
		}
	}
	// user_pt_regs: x0-x30 then sp, pc, pstate, a word each.
	if RegX1.PtRegsOffset() != 8 || RegX29.PtRegsOffset() != 232 || RegA64SP.PtRegsOffset() != 248 || RegA64PC.PtRegsOffset() != 256 {
		t.Error("arm64 pt_regs offsets do not match struct user_pt_regs")
	}
	if regNameARM64(RegX29) != "x29" || regNameARM64(RegA64PSTATE) != "pstate" || regNameARM64(RegNone) != "none" {
		t.Error("arm64 register names")
	}
}

// An arm64 note's operands are separated by blanks, but a memory
// operand has one inside its brackets.
func TestOperandsARM64(t *testing.T) {
	got, err := parseArgs("-4@w0  8@[sp, 16] 8@[x0]\t-8@[x29, #-8]", parseArgARM64)
	if err != nil || len(got) != 4 {
		t.Fatalf("got %+v, %v; want 4 operands", got, err)
	}
	if got[1].Base != RegA64SP || got[1].Offset != 16 || got[3].Base != RegX29 || got[3].Offset != -8 {
		t.Errorf("operands %+v", got)
	}
}
