/* hp-cli-runs.h — what the commands comparing runs (diff, compare, check) share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-charts.h"
#include "hp-cli.h"

G_BEGIN_DECLS

/* `check`: a metric regressed */
#define HP_CLI_EXIT_REGRESSION 3
#define HP_CLI_EXIT_NOT_COMPARABLE 4

gboolean hp_cli_parse_int_list (const char *text,
                                GArray    **out);
GStrv    hp_cli_run_labels (const char        *text,
                            const char *const *paths,
                            guint              n_runs,
                            const char *const *defaults,
                            char             **message);
GStrv    hp_cli_parse_chart_formats (const char *text,
                                     char      **message);
gboolean hp_cli_make_output_dir (const char *dir);
gboolean hp_cli_write_table (HpTable    *table,
                             const char *dir,
                             gboolean    json,
                             gboolean    hta_compat);
gboolean hp_cli_write_json (JsonNode   *node,
                            const char *dir,
                            const char *file);
gboolean hp_cli_export_charts (GPtrArray         *charts,
                               const char        *dir,
                               const char *const *formats);

GPtrArray *hp_cli_load_runs (char *const  *paths,
                             guint         n_runs,
                             gboolean      hta_compat,
                             gboolean      include_last_step,
                             GCancellable *cancellable);

G_END_DECLS
