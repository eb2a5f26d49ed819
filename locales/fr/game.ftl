tiles-left = { $n ->
    [one] { $n } tuile restante
   *[other] { $n } tuiles restantes
}
