fits

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid size (0x3c) at BPF pc 100
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0xffffe8ffffd14bb6) at BPF pc 29
