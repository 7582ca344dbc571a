#pragma D depends_on library procfs.d
BEGIN { exit(0); }
