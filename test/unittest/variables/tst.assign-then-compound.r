3
seen 1

