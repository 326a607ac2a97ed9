you = vous
# A seat as a narrator names it mid-sentence. $who: you | computer | person.
reader-name = { $who ->
    [you] vous
    [computer] l’ordinateur
   *[person] { $who-name }
}
# A computer seat when several sit at the table.
computer-numbered = Ordinateur { $number }
# A seat whose player has no name.
player-numbered = Joueur { $number }
# The last two items of a list; the ones before are joined with commas.
list-and = { $init } et { $last }
# Two items of a list that hold commas themselves.
list-semicolon = { $first } ; { $second }
