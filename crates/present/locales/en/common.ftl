you = you
# A seat as a narrator names it mid-sentence. $who: you | computer | person.
reader-name = { $who ->
    [you] you
    [computer] the computer
   *[person] { $who-name }
}
# A computer seat when several sit at the table.
computer-numbered = Computer { $number }
# A seat whose player has no name.
player-numbered = Player { $number }
# The last two items of a list; the ones before are joined with commas.
list-and = { $init } and { $last }
# Two items of a list that hold commas themselves.
list-semicolon = { $first }; { $second }
