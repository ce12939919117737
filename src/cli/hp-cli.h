/* hp-cli.h — the subcommands of hotpath-cli and what they share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"

G_BEGIN_DECLS

/* exit statuses (docs/architecture.md, the command-line contract) */
#define HP_CLI_EXIT_OK 0
#define HP_CLI_EXIT_BAD_INPUT 1
#define HP_CLI_EXIT_USAGE 2

int hp_cli_info (int           argc,
                 char        **argv,
                 GCancellable *cancellable);
int hp_cli_report (int           argc,
                   char        **argv,
                   GCancellable *cancellable);
int hp_cli_analyses (int           argc,
                     char        **argv,
                     GCancellable *cancellable);
int hp_cli_findings (int           argc,
                     char        **argv,
                     GCancellable *cancellable);
int hp_cli_bench (int           argc,
                  char        **argv,
                  GCancellable *cancellable);
int hp_cli_counters (int           argc,
                     char        **argv,
                     GCancellable *cancellable);
int hp_cli_critical_path (int           argc,
                          char        **argv,
                          GCancellable *cancellable);
int hp_cli_diff (int           argc,
                 char        **argv,
                 GCancellable *cancellable);
int hp_cli_check (int           argc,
                  char        **argv,
                  GCancellable *cancellable);
int hp_cli_compare (int           argc,
                    char        **argv,
                    GCancellable *cancellable);
int hp_cli_patterns (int           argc,
                     char        **argv,
                     GCancellable *cancellable);
int hp_cli_summarize (int           argc,
                      char        **argv,
                      GCancellable *cancellable);
int hp_cli_health (int           argc,
                   char        **argv,
                   GCancellable *cancellable);

int      hp_cli_usage_error (GOptionContext *context,
                             const char     *format,
                             ...) G_GNUC_PRINTF (2, 3);
gboolean hp_cli_parse_options (GOptionContext     *context,
                               const GOptionEntry *entries,
                               int                *argc,
                               char             ***argv,
                               GError            **error);
/* a --rank option not given */
#define HP_CLI_RANK_UNSET G_MININT
gboolean  hp_cli_rank_option_ok (int rank);
gboolean  hp_cli_parse_size (const char *text,
                             guint64    *bytes);
void      hp_cli_set_max_memory (guint64 bytes);
void      hp_cli_set_job (guint job);
HpTrace  *hp_cli_load (char        **paths,
                       gboolean      hta_compat,
                       gboolean      include_last_step,
                       gboolean      quiet,
                       GCancellable *cancellable,
                       HpLoadStats  *stats);
HpTrace  *hp_cli_load_scoped (char        **paths,
                              gboolean      hta_compat,
                              gboolean      include_last_step,
                              HpScope      *scope,
                              GCancellable *cancellable);
void      hp_cli_print_issues (HpTrace *trace);
void      hp_cli_allow_summaries (gboolean allowed);
JsonNode *hp_cli_summary_info (HpTrace *trace,
                               gboolean json);
int       hp_cli_strict_status (HpTrace *trace,
                                gboolean strict,
                                int      status);

/* --comm-patterns FILE, the same for every command that loads a trace:
 * the user's communication patterns (docs/communication.md), read by
 * hp_cli_load() */
extern char *hp_cli_comm_patterns_path;
#define HP_CLI_COMM_PATTERNS_OPTION                                                                    \
  {                                                                                                    \
    "comm-patterns", 0, 0, G_OPTION_ARG_FILENAME, &hp_cli_comm_patterns_path,                          \
        "Also count as communication the kernels a pattern file names (docs/communication.md)", "FILE" \
  }

/* the help text of --strict, the same for every command */
#define HP_CLI_STRICT_HELP "Fail (exit 1) when any file fails to load, after writing what loaded"

G_END_DECLS
