# The workload of tst.io.d: two direct 4 KiB writes to a file beside the
# test, flushed, then the file removed.
f=io.tmp.$$
dd if=/dev/zero of=$f bs=4096 count=2 oflag=direct conv=fsync 2>/dev/null
rm -f $f
