-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/hostile_table_error.lua:12: field stages[1].until: at step 1: (error object is a table value: code 7) [rows up to the failure kept in $OUT/t.tsv.partial]
-- expect-partial: t 1
-- an error object that is a table with __tostring, raised in an until
return {
  name = "t", law = "linear",
  materials = { m = { young = 1e7, density = 2600, ktDivKn = 0.5, tanPhi = 0.5 } },
  particles = { { shape = "sphere", radius = 0.1, material = "m" }, { shape = "sphere", radius = 0.1, material = "m" } },
  normal = {0, 0, 1}, gap = 0, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0},
               ["until"] = function() error(setmetatable({code = 7}, {__tostring = function(e) return "code " .. e.code end})) end } },
}
