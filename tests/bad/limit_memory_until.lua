-- command: run --max-memory 16
-- expect-status: 1
-- expect-stderr: tests/bad/limit_memory_until.lua:9: field stages[1].till: at step 1: memory limit exceeded: the script's Lua state needs more than 16 MB (--max-memory MB; 0 = no limit) [rows up to the failure kept in $OUT/grows.tsv.partial]
-- expect-partial: grows 1
-- an until function that allocates without end
return {
  name = "grows", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
    till = function(C, stage)
      local t = {}
      for i = 1, 1e12 do t[i] = i end
    end } },
}
