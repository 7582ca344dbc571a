dtrace trace

