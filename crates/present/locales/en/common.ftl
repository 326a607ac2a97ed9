you = you
