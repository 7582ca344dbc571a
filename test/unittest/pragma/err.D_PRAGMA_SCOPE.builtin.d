#pragma D attributes Stable/Stable/Common execname
BEGIN { exit(0); }
