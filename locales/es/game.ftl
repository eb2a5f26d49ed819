tiles-left = { $n ->
    [one] { $n } loseta restante
   *[other] { $n } losetas restantes
}
