show bgstudio/MrPurple_-_Lasse_3pt_Backgammon_Studio_2024_05_11_20_10_33.txt --game 2 --play 5
