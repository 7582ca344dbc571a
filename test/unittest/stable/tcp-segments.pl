# The workload of tst.tcp-segments.d: a TCP connection on loopback to
# port 54341, closed at once, then a connection to port 54342, where
# nobody listens. (tst.tcp.d's ports are others, so that the two may run
# at once.)
use strict;
use IO::Socket::INET;

my $l = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => 54341,
    Listen => 1, ReuseAddr => 1) or die "listen: $!";
my $c = IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => 54341)
    or die "connect: $!";
my $a = $l->accept or die "accept: $!";
close($c);
close($a);
close($l);
IO::Socket::INET->new(PeerAddr => '127.0.0.1', PeerPort => 54342)
    and die "connected to 54342";
