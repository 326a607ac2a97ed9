# The game page: the seat to move's deadline in a correspondence game, before its date.
deadline-label = À jouer avant le
# The deadline's date and time in UTC (the page's script rewrites it in the reader's time zone).
deadline-utc = { $day } { $month } { $year } à { $time } UTC
deadline-month = { $month ->
    [1] janvier
    [2] février
    [3] mars
    [4] avril
    [5] mai
    [6] juin
    [7] juillet
    [8] août
    [9] septembre
    [10] octobre
    [11] novembre
   *[12] décembre
}
