tiles-left = { $n ->
    [one] { $n } płytka została
    [few] { $n } płytki zostały
   *[many] { $n } płytek zostało
}
