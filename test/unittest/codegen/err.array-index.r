0
-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): index out of bounds (4) at BPF pc 9
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): index out of bounds (-1) at BPF pc 7
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): index out of bounds (16) at BPF pc 9
