stats gnubg/gnubg-9pt-s9003.mat gnubg/gnubg-money6g-s9201.mat bgstudio/MrPurple_-_Lasse_3pt_Backgammon_Studio_2024_05_11_20_10_33.txt galaxy/match9814649.txt
