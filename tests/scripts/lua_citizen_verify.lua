-- tests/scripts/lua_citizen_verify.lua - a Lua law's own cases (docs/lua-laws.md, "Yield surface
-- and cases"), run by lawtester.verify_law in the sandbox: the law comes from the module
-- tests/scripts/citizen/coulomb.lua (require), once with its closed forms and once with a
-- deliberately wrong normal force (2 kn uN).  tests/test_lua_citizen.c reads the rows printed.
local make = require "citizen.coulomb"
assert(require "citizen.coulomb" == make, "a module runs once: the second require returns its value")
make("lua_coulomb")
make("lua_coulomb_wrong", 2)
local failed, rows = lawtester.verify_law("lua_coulomb")
print(("lua_coulomb: %d of %d failed"):format(failed, rows))
failed, rows = lawtester.verify_law("lua_coulomb_wrong")
print(("lua_coulomb_wrong: %d of %d failed"):format(failed, rows))
