-- with --unsafe: removing the budget's hook is refused
debug.sethook()
while true do end
