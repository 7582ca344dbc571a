dtrace: Oracle D 2.0
exit 1

