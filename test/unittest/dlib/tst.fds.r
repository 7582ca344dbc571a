null /dev /dev/null devtmpfs 0
<none> <none> 0

