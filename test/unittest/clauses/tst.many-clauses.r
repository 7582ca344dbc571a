600 clauses ran

