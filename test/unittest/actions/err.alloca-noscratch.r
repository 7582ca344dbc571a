fits

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): out of scratch space at BPF pc 26
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): out of scratch space at BPF pc 59
