connect-request flags 2 1 127.0.0.1 -> 127.0.0.1
send syn-ack 1 54331 127.0.0.1:1
state-change client 127.0.0.1:0 -> 127.0.0.1:1 from 2 local 1
connect-established client state 1 1
connect-established segment 127.0.0.1 -> 127.0.0.1 flags 12 ports 1 1
state-change server 127.0.0.1:1 -> 127.0.0.1:0 from 3 local 1
accept-established server state 1 1
accept-established segment 127.0.0.1 -> 127.0.0.1 flags 10 ports 1 1
send to server 127.0.0.1 -> 127.0.0.1 5 bytes flags 18
send to server state 1 1 1
receive to server 127.0.0.1 -> 127.0.0.1 5 bytes flags 18
receive to server state 1 1 1
send to client 127.0.0.1 -> 127.0.0.1 5 bytes flags 18
send to client state 1 1 1
receive to client 127.0.0.1 -> 127.0.0.1 5 bytes flags 18
receive to client state 1 1 1
accept-refused flags 2 127.0.0.1:54332 <- 127.0.0.1 1
connect-refused 127.0.0.1 state 2
connect-refused segment 127.0.0.1 -> 127.0.0.1 flags 14 ports 1 1

