#pragma D nosuchpragma on
