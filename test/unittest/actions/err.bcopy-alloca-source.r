16 bytes fit

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid size (0x14) at BPF pc 0
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid size (0x14) at BPF pc 0
