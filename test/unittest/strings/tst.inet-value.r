127.0.0.1 1
10.0.200.255|10.0.200.255
:: ::
::1 ::1
fe80::1 fe80::1
2001:db8::1:0:1 2001:db8::1:0:1
2001:db8:1::1 2001:db8:1::1
1:2:3:4:5:6:7:8 1:2:3:4:5:6:7:8
1:: 1::
0:0:1::1:0 0:0:1::1:0
::ffff:1.2.3.4 ::ffff:1.2.3.4
ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff

