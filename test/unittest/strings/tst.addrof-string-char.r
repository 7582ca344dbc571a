bcdef race d yz

