connect-established 127.0.0.1 -> 127.0.0.1 flags 12 from server 1 to server 0 packet 1
connect-established ports agree 1
accept-established 127.0.0.1 -> 127.0.0.1 flags 10 from server 0 to server 1 packet 1
accept-established ports agree 1
connect-refused 127.0.0.1:54342 -> 127.0.0.1 flags 14 ports agree 1

