-- no collectgarbage: a script cannot stop the collector and outgrow the memory limit's accounting
collectgarbage("stop")
