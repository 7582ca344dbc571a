# The workload of tst.lockstat.d: eight processes write one file at once,
# so they fight over its inode's rw-semaphore; the file is removed.
use strict;

my $f = "lock.tmp.$$";
my $buf = "x" x 4096;
my @kids;
for (1 .. 8) {
	my $pid = fork() // die "fork: $!";
	if ($pid == 0) {
		open(my $fh, '+>>', $f) or die "open: $!";
		for (1 .. 3000) {
			sysseek($fh, 0, 0);
			syswrite($fh, $buf);
		}
		exit(0);
	}
	push @kids, $pid;
}
waitpid($_, 0) for @kids;
unlink($f);
