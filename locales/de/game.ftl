tiles-left = { $n ->
    [one] { $n } Plättchen übrig
   *[other] { $n } Plättchen übrig
}
