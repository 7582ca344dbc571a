enum colour { RED };
long enum colour c;
