-- an energy of a kind that is neither stored nor dissipated
lawtester.law{
  name = "badenergy",
  summary = "elastic is not a kind",
  energies = {
    { name = "elast",
      kind = "elastic", doc = "spring energy" },
  },
  step = function(p, c, s, out) return true end,
}
return { law = "badenergy", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
