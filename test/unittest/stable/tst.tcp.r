established client 127.0.0.1:0 -> 127.0.0.1:1 from 2 local 1
established server 127.0.0.1:1 -> 127.0.0.1:0 from 3 local 1
receive server 127.0.0.1 -> 127.0.0.1 5 bytes flags 18 ack 16
receive server state 1 1 1
receive client 127.0.0.1 -> 127.0.0.1 5 bytes flags 18 ack 16
receive client state 1 1 1

