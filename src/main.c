/*
 * main.c — the bgmatch command line: picks the command and hands it the
 * arguments (cli_check.c, cli_convert.c, cli_show.c, cli_stats.c,
 * cli_annotate.c, cli_results.c, cli_help.c).  It knows no rule and
 * no notation.
 *
 * Exit status: 0 every record valid, 1 a record breaks a rule, 2 the tool
 * could not do its job (bad usage, unreadable file, I/O error).
 */
#include <string.h>

#include "cli.h"

int main(int argc, char **argv) {
  if (argc < 2) {
    cli_say("no command given (try 'bgmatch --help')");
    return EXIT_TROUBLE;
  }
  cli_tune_memory();
  const char *command = argv[1];
  if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0)
    return cli_print_help();
  if (strcmp(command, "--version") == 0)
    return cli_print_version();
  if (strcmp(command, "check") == 0)
    return cli_check(argc - 1, argv + 1);
  if (strcmp(command, "convert") == 0)
    return cli_convert(argc - 1, argv + 1);
  if (strcmp(command, "show") == 0)
    return cli_show(argc - 1, argv + 1);
  if (strcmp(command, "stats") == 0)
    return cli_stats(argc - 1, argv + 1);
  if (strcmp(command, "annotate") == 0)
    return cli_annotate(argc - 1, argv + 1);
  if (strcmp(command, "results") == 0)
    return cli_results(argc - 1, argv + 1);
  if (strcmp(command, "help") == 0)
    return cli_help(argc - 1, argv + 1);
  if (command[0] == '-') {
    static const char *const options[] = {"--help", "--version", NULL};
    return cli_usage_error_near("unknown option", command, options);
  }
  return cli_usage_error_near("unknown command", command, cli_command_names());
}
