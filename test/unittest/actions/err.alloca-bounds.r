same clause: a
after another alloca: x

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 0
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 0
dtrace: error in dt_clause_3 for probe ID 1 (dtrace:::BEGIN): invalid size (0x8) at BPF pc 0
