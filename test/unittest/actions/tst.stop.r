State:	T (stopped)

