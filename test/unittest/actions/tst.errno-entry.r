entry 0
return 2 1
exit 0 0

