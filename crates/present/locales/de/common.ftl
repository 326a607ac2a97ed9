you = du
