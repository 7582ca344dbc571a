-- @@stderr --
dtrace: failed to compile script err.pcap-too-many.d: clause 0 records more than 12288 bytes
