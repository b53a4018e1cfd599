show gnubg/gnubg-9pt-s9003.mat --game 3 --play 10 --format json
