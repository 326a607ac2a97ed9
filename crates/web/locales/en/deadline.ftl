# The game page: the seat to move's deadline in a correspondence game, before its date.
deadline-label = Move due by
# The deadline's date and time in UTC (the page's script rewrites it in the reader's time zone).
deadline-utc = { $month } { $day }, { $year }, { $time } UTC
deadline-month = { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
}
