# The game page: the seat to move's deadline in a correspondence game, before its date.
deadline-label = Zu ziehen bis zum
# The deadline's date and time in UTC (the page's script rewrites it in the reader's time zone).
deadline-utc = { $day }. { $month } { $year }, { $time } UTC
deadline-month = { $month ->
    [1] Januar
    [2] Februar
    [3] März
    [4] April
    [5] Mai
    [6] Juni
    [7] Juli
    [8] August
    [9] September
    [10] Oktober
    [11] November
   *[12] Dezember
}
