-- an until function that allocates without end
return {
  name = "grows", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
    till = function(C, stage)
      local t = {}
      for i = 1, 1e12 do t[i] = i end
    end } },
}
