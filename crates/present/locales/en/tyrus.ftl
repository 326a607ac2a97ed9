## Game words, as labels.

tyrus-office = { $office ->
    [general] General
    [guildmaster] Guildmaster
   *[high_priest] High Priest
}
tyrus-building = { $kind ->
    [citadel] Citadel
    [market] Market
   *[temple] Temple
}
tyrus-profession = { $profession ->
    [soldier] { $count ->
        [one] Soldier
       *[other] Soldiers
    }
    [merchant] { $count ->
        [one] Merchant
       *[other] Merchants
    }
   *[priest] { $count ->
        [one] Priest
       *[other] Priests
    }
}
tyrus-tile = { $profession ->
    [soldier] Soldier { $value }
    [merchant] Merchant { $value }
   *[priest] Priest { $value }
}
tyrus-face-down = a face-down tile
# A tile named in a sentence.
tyrus-tile-in-sentence = { $tile }

## Placements. $mover and $owner: you | computer | person; $owner is own when the mover
## placed into its own building. $kind: citadel | market | temple. $tile: a tile's name or
## tyrus-face-down.

tyrus-into = { $owner ->
    [you] your { $kind ->
        [citadel] citadel
        [market] market
       *[temple] temple
    }
    [own] { $mover ->
        [computer] its
       *[person] their
    } own { $kind ->
        [citadel] citadel
        [market] market
       *[temple] temple
    }
    [computer] the computer's { $kind ->
        [citadel] citadel
        [market] market
       *[temple] temple
    }
   *[person] { $owner-name }'s { $kind ->
        [citadel] citadel
        [market] market
       *[temple] temple
    }
}
tyrus-placed = { $mover ->
    [you] You placed { $tile } in { $into }.
    [computer] The computer placed { $tile } in { $into }.
   *[person] { $mover-name } placed { $tile } in { $into }.
}

## The count of an election.

# One side's count, a label and its arithmetic: "You: 18 − 7 = 11".
tyrus-count-side = { $who ->
    [you] you
    [computer] the computer
   *[person] { $who-name }
}: { $sum }
tyrus-counted = { $kind ->
    [citadel] The citadels are counted.
    [market] The markets are counted.
   *[temple] The temples are counted.
} { $count }.
tyrus-won-election = { $winner ->
    [you] You won
    [computer] The computer won
   *[person] { $winner-name } won
} election { $number }, a { $office ->
    [general] General
    [guildmaster] Guildmaster
   *[high_priest] High Priest
}, { $high } to { $low }.
tyrus-null-election = Election { $number } is null, { $score } to { $score }: no { $office ->
    [general] General
    [guildmaster] Guildmaster
   *[high_priest] High Priest
} this time.
# Tiles revealed at the count and discarded, one seat's.
tyrus-revealed = Revealed and discarded, { $who ->
    [you] yours
    [computer] the computer's
   *[person] { $who-name }'s
}: { $tiles }.
tyrus-revealed-none = No tile lay in the { $kind ->
    [citadel] citadels
    [market] markets
   *[temple] temples
}.
tyrus-drew-tiles = You drew { $tiles }.
tyrus-drew-count = { $who ->
    [you] You drew
    [computer] The computer drew
   *[person] { $who-name } drew
} { $count ->
    [one] one tile
   *[other] { $count } tiles
}.
tyrus-piles-empty = Both draw piles are empty: the last election is played with the tiles in hand.
tyrus-election-begins = Election { $number } of 9: a { $office ->
    [general] General, elected by soldiers in the citadels
    [guildmaster] Guildmaster, elected by merchants in the markets
   *[high_priest] High Priest, elected by priests in the temples
}.

## The end.

tyrus-end-three-in-a-row = { $winner ->
    [you] You win
    [computer] The computer wins
   *[person] { $winner-name } wins
} with three elections in a row.
tyrus-end-five-elections = { $winner ->
    [you] You win
    [computer] The computer wins
   *[person] { $winner-name } wins
} with five elections won.
tyrus-end-majority = { $winner ->
    [you] You win
    [computer] The computer wins
   *[person] { $winner-name } wins
} with more representatives after nine elections, { $high } to { $low }.
tyrus-end-tiebreak = Representatives are tied { $score } to { $score }, so the hands decide: { $winner ->
    [you] you win
    [computer] the computer wins
   *[person] { $winner-name } wins
} with the stronger hand, { $high } to { $low }.
tyrus-end-draw = The game is a draw: representatives tied { $score } to { $score } and hands of equal strength, { $hand } to { $hand }.
# One seat's hand shown at the end: "you: Soldier 3, Merchant 4 and Priest 9 (16)".
tyrus-hand-shown = { $who ->
    [you] you
    [computer] the computer
   *[person] { $who-name }
}: { $tiles } ({ $total })
tyrus-hands-shown = Hands — { $hands }.

## The status line.

tyrus-status-election = Election { $number } of 9, { $office ->
    [general] General
    [guildmaster] Guildmaster
   *[high_priest] High Priest
}.
tyrus-status-lead = { $leader ->
    [you] You lead
    [computer] The computer leads
   *[person] { $leader-name } leads
} { $high } to { $low }.
tyrus-status-tied = Tied { $score } to { $score }.
tyrus-status-no-representative = No representative elected yet.
tyrus-status-turn = { $mover ->
    [you] Your turn
    [computer] The computer's turn
   *[person] { $mover-name }'s turn
}: tile { $tile } of 3.
tyrus-status-over = The game is over after { $count ->
    [one] one election
   *[other] { $count } elections
}.

## The rules in brief.

tyrus-rules-1 = Tyrus is played over nine elections. In each, both sides place three tiles from their hand, taking turns, into any of the six buildings: your own citadel, market and temple, or your opponent's.
tyrus-rules-2 = Soldiers elect a General in the citadels, merchants a Guildmaster in the markets, priests a High Priest in the temples. Each side counts only its own building of the elected kind.
tyrus-rules-3 = Your score is your votes minus what blocks them: a merchant in your opponent's building blocks soldiers, a priest blocks merchants, a soldier blocks priests. Your own tiles of the kind that blocks the blockers counter them: votes − (blocks − counters).
tyrus-rules-4 = The higher score wins the election; equal scores make a null election. The tiles of the counted buildings are then revealed and discarded, and each side draws three tiles while its pile lasts.
tyrus-rules-5 = Three elections won in a row, or five won, end the game at once. Otherwise, after nine elections, more representatives win; if they are equal, the stronger hand of three tiles wins.
