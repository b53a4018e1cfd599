annotate --board --ids galaxy/match9814649.txt
