udp send 127.0.0.1 -> 127.0.0.1:54329 len 9 1 1
udp ip 127.0.0.1 -> 127.0.0.1 v4 plength 9
ip send 127.0.0.1 -> 127.0.0.1 lo UDP local 1 ttl 64 ihl 20 length 29 1
ip receive 127.0.0.1 -> 127.0.0.1 lo UDP local 1 ttl 64 ihl 20 length 29 1

