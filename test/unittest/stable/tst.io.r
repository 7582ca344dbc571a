start 0 1 1 1 <none>
started 1 outstanding 0

