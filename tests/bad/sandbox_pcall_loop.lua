while true do pcall(function() while true do end end) end -- catching the budget error does not help
