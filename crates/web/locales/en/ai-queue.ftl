# The game page while a seat the server plays works out its move (issue 35), and, when its
# reply waits behind other games' replies for a free thread, about how long it will take.
computer-thinking = The computer is thinking.
computer-queued = The computer is thinking. Other games are waiting for it too: its reply will take about { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
