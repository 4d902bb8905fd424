-- tests/scripts/names.lua: a test name may contain dots (README: letters, digits, - _ . +, not
-- starting with a dot); a leading dot, a slash or an empty name is refused with the field's name.
local function test(name)
  return { name = name, law = "linear", record = false,
           stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
end
assert(lawtester.run(test("impact-v0.001")).name == "impact-v0.001")
assert(lawtester.run(test("a+b_c.d")).name == "a+b_c.d")
for _, bad in ipairs({".hidden", "a/b", ""}) do
  local ok, msg = pcall(lawtester.run, test(bad))
  assert(not ok and msg:find("field name: '" .. bad .. "' is not a valid file name", 1, true), tostring(msg))
end
