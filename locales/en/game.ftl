# What the bot says in games: replies, turn lines, help.

tiles-left = { $n ->
    [one] { $n } tile left
   *[other] { $n } tiles left
}
