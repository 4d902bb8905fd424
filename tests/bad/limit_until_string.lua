-- command: run --max-instructions 100000
-- expect-status: 1
-- expect-stderr: tests/bad/limit_until_string.lua:8: field stages[1].till: at step 6: instruction budget exhausted: more than 100000 Lua instructions without returning to lawtester (a loop that never ends?  --max-instructions N; 0 = no limit; the work of lawtester's runs and of large strings counts too) [rows up to the failure kept in $OUT/loops.tsv.partial]
-- expect-partial: loops 6
-- an until string that never returns
return {
  name = "loops", law = "linear", params = { kn = 1e6, kt = 5e5, tanPhi = 0.5 },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step > 5 and (function() while true do end end)()" } },
}
