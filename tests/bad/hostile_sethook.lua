-- command: run --unsafe --max-instructions 100000
-- expect-status: 1
-- expect-stderr: tests/bad/hostile_sethook.lua:5: debug.sethook: the hook counts the instruction budget, which stays with --unsafe (--max-instructions 0 lifts the budget)
-- with --unsafe: removing the budget's hook is refused
debug.sethook()
while true do end
