root /
cwd strings 1
inlines / 1
read /sys/kernel/mm/transparent_hugepage/enabled
write /dev/null

