-- an until function that never returns
return {
  name = "loops", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
    till = function(C, stage)
      while true do end
    end } },
}
