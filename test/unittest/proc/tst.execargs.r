[/bin/sh -c /bin/] 16

