# The workload of tst.tcp.d: a TCP connection on loopback to port 54331,
# five bytes each way, then both ends closed; then a connection to port
# 54332, where nobody listens.
use strict;
use IO::Socket::INET;

my $l = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => 54331,
    Listen => 1, ReuseAddr => 1) or die "listen: $!";
my $c = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => 54331)
    or die "connect: $!";
my $a = $l->accept or die "accept: $!";
my $buf;
$c->syswrite("ping!");
$a->sysread($buf, 5);
$a->syswrite("pong!");
$c->sysread($buf, 5);
close($c);
close($a);
close($l);
IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => 54332)
    and die "connected to 54332";
