# Prints gdb's backtrace as "FRAME object:0xoffset" lines, the offset of
# each frame's PC in the mapping holding it: what dtrace -x noresolve
# prints for a ustack() frame.
import os

import gdb

maps = []
for line in gdb.execute("info proc mappings", to_string=True).splitlines():
    f = line.split()
    if len(f) >= 6 and f[0].startswith("0x") and f[-1].startswith("/"):
        maps.append((int(f[0], 16), int(f[1], 16), os.path.basename(f[-1])))
frame = gdb.newest_frame()
while frame is not None:
    pc = frame.pc()
    m = [m for m in maps if m[0] <= pc < m[1]]
    print("FRAME %s:0x%x" % (m[0][2], pc - m[0][0]) if m else "FRAME 0x%x" % pc)
    frame = frame.older()
